#pragma once

// What the GUI tests share: real sessions measured once per test run (simulated meter, local
// worker) in a database each test copies before changing it; answering dialogs that a test
// provokes; light and dark palettes; screenshots under the build's test-artifacts/gui.

#include <cipherwatt/core/storage.h>

#include <QApplication>
#include <QLocale>
#include <QPalette>
#include <QString>
#include <QTimer>
#include <QTranslator>
#include <QWidget>
#include <catch2/catch.hpp>

#include <functional>
#include <memory>
#include <temp_dir.h>

// Qt strings and lists in Catch's messages.
namespace Catch {
template<>
struct StringMaker<QString>
{
    static std::string convert(const QString &s) { return '"' + s.toStdString() + '"'; }
};
template<>
struct StringMaker<QStringList>
{
    static std::string convert(const QStringList &l)
    {
        return "{ \"" + l.join(QStringLiteral("\", \"")).toStdString() + "\" }";
    }
};
} // namespace Catch

namespace cipherwatt::test::gui {

// A label with commas, quotes, a line break and Hangul.
inline QString oddLabel()
{
    return QStringLiteral("LEA, \"fast\" & CHAM\n두 번째 줄 (리아)");
}
inline QString secondLabel()
{
    return QStringLiteral("second session");
}
inline QString cancelledLabel()
{
    return QStringLiteral("cancelled at the baseline");
}

// The sessions of the test database (ids looked up by label in a copy).
struct SessionIds
{
    qint64 odd = 0;       // aes-128-xts/openssl encrypt+decrypt, lea-128-xts/custom encrypt
    qint64 second = 0;    // aes-128-xts/openssl encrypt+decrypt, chacha20/botan encrypt
    qint64 cancelled = 0; // cancelled as its baseline began
};

// Measures the three sessions into the template database (the "make the test sessions"
// fixture does this once per ctest run).
void makeTemplateDatabase();
// A copy of the template database in `dir` (made first when there is none yet, so that the
// executable also runs alone), and the sessions in it.
QString copyDatabase(const TempDir &dir, SessionIds *ids = nullptr);

// Waits (processing events) until `done` holds; false on timeout.
bool waitUntil(const std::function<bool()> &done, int timeoutMs = 30000);

// Calls `act` with the first visible top-level widget of type T as soon as one appears (a
// dialog's exec() is running then); the returned flag says whether it did.
template<typename T>
std::shared_ptr<bool> whenShown(std::function<void(T &)> act, int timeoutMs = 30000)
{
    auto done = std::make_shared<bool>(false);
    auto *timer = new QTimer(qApp);
    auto waited = std::make_shared<int>(0);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, act, done, waited, timeoutMs] {
        for (QWidget *w : QApplication::topLevelWidgets()) {
            if (auto *widget = qobject_cast<T *>(w); widget != nullptr && widget->isVisible()) {
                timer->stop();
                timer->deleteLater();
                *done = true;
                act(*widget);
                return;
            }
        }
        *waited += 20;
        if (*waited > timeoutMs) {
            timer->stop();
            timer->deleteLater();
        }
    });
    timer->start();
    return done;
}

// The translators and the default locale a test installs, taken down again at its end so
// that the executable's other tests see the source texts.
class Translated
{
public:
    Translated()
        : m_locale(QLocale())
    {}
    ~Translated()
    {
        for (QTranslator *t : qApp->findChildren<QTranslator *>()) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
        QLocale::setDefault(m_locale);
    }
    Translated(const Translated &) = delete;
    Translated &operator=(const Translated &) = delete;

private:
    QLocale m_locale;
};

// Saves what a widget (a dialog) draws now as <name>.png next to the screenshots; returns the
// file's path.
QString saveGrab(QWidget &widget, const QString &name);

QPalette lightPalette();
QPalette darkPalette();

// Shows `widget` at `size` under `palette` and saves what it draws as <name>.png in the
// build's test-artifacts/gui folder; returns the file's path.
QString screenshot(QWidget &widget, const QPalette &palette, const QString &name,
                   QSize size = {1280, 760});

} // namespace cipherwatt::test::gui
