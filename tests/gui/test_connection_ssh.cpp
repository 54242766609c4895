// The connections' SSH DUT against a real sshd on 127.0.0.1: Check asks for an unknown host key
// in a dialog that shows its SHA-256 fingerprint, and nothing runs until the operator accepts;
// rejected, the DUT is refused with the reason; accepted, the key is recorded, the worker's
// system and self-test are shown and its catalogue reaches the plan; a changed key is refused
// without a question.

#include "gui_test_support.h"

#include <cipherwatt/core/ssh.h>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <catch2/catch.hpp>

#include <fstream>
#include <measure/connection_panel.h>
#include <sshd.h>

using namespace cipherwatt;
using namespace cipherwatt::test::gui;
using cipherwatt::gui::ConnectionPanel;
using cipherwatt::test::SshServer;
using cipherwatt::test::TempDir;

namespace {

QString qs(const std::filesystem::path &path)
{
    return QString::fromStdString(path.string());
}

template<typename T>
T *child(const QObject &parent, const char *name)
{
    T *found = parent.findChild<T *>(QLatin1String(name));
    REQUIRE(found != nullptr);
    return found;
}

// The form filled in for the test's server; known_hosts files and the remote worker's lock in
// the test's folders.
void fillSsh(ConnectionPanel &panel, const SshServer &server, const TempDir &dir)
{
    core::SshOptions base;
    base.userKnownHosts = qs(dir.path() / "user_known_hosts");
    base.appKnownHosts = qs(dir.path() / "app" / "known_hosts");
    base.remoteCacheDir = qs(server.dir() / "cache" / "cipherwatt");
    base.serveArguments << QStringLiteral("--instance-lock") << qs(server.dir() / "serve.lock");
    base.environment << QStringLiteral("XDG_DATA_HOME=") + qEnvironmentVariable("XDG_DATA_HOME");
    base.useAgent = false;
    panel.setSshBase(base);
    auto *kind = child<QComboBox>(panel, "dutKind");
    kind->setCurrentIndex(kind->findData(QStringLiteral("ssh")));
    child<QLineEdit>(panel, "sshHost")->setText(QStringLiteral("127.0.0.1"));
    child<QSpinBox>(panel, "sshPort")->setValue(server.port());
    child<QLineEdit>(panel, "sshUser")->setText(QString::fromStdString(server.user()));
    child<QLineEdit>(panel, "sshKey")->setText(qs(server.clientKey()));
    child<QLineEdit>(panel, "sshRemoteWorker")->setText(QStringLiteral(CIPHERWATT_BENCH_EXE));
    child<QCheckBox>(panel, "sshUpload")->setChecked(false);
}

// Presses Check and waits until it can be pressed again (the check ended).
void check(ConnectionPanel &panel)
{
    auto *button = child<QPushButton>(panel, "checkDut");
    REQUIRE(button->isEnabled());
    button->click();
    REQUIRE(waitUntil([&] { return button->isEnabled(); }, 60000));
}

} // namespace

TEST_CASE("connections: an SSH DUT's unknown host key is confirmed in a dialog before Check "
          "runs anything",
          "[gui][ssh]")
{
    SshServer server;
    TempDir dir;
    ConnectionPanel panel;
    panel.resize(460, 700);
    panel.show();
    fillSsh(panel, server, dir);
    CHECK(panel.dutProblem().isEmpty());
    CHECK(panel.dutResource() == QStringLiteral("ssh://%1@127.0.0.1:%2")
                                     .arg(QString::fromStdString(server.user()))
                                     .arg(server.port()));
    const auto *info = child<QLabel>(panel, "dutInfo");
    const auto *error = child<QLabel>(panel, "dutError");
    const QString fingerprint = QString::fromStdString(server.hostFingerprint());
    const QString appKnown = qs(dir.path() / "app" / "known_hosts");

    // Rejected: refused, nothing recorded, no worker.
    QString asked;
    auto rejected = whenShown<QMessageBox>([&](QMessageBox &box) {
        REQUIRE(box.objectName() == QStringLiteral("hostKeyConfirmation"));
        asked = box.text();
        saveGrab(box, QStringLiteral("ssh-host-key-confirmation"));
        child<QPushButton>(box, "rejectHostKey")->click();
    });
    check(panel);
    CHECK(*rejected);
    CHECK(asked.contains(fingerprint));
    CHECK(asked.contains(QStringLiteral("127.0.0.1")));
    CHECK(error->isVisible());
    CHECK(error->text().contains(QStringLiteral("host key")));
    CHECK_FALSE(QFileInfo::exists(appKnown));

    // Accepted: recorded, then the worker's system and self-test, and its catalogue.
    QSignalSpy catalogue(&panel, &ConnectionPanel::catalogueChanged);
    auto accepted = whenShown<QMessageBox>(
        [](QMessageBox &box) { child<QPushButton>(box, "acceptHostKey")->click(); });
    check(panel);
    CHECK(*accepted);
    INFO(error->text().toStdString());
    CHECK_FALSE(error->isVisible());
    CHECK(info->text().contains(QStringLiteral("self-test: passed")));
    CHECK(info->text().contains(QStringLiteral("cipherwatt-bench " CIPHERWATT_VERSION)));
    REQUIRE(catalogue.size() == 1);
    CHECK_FALSE(catalogue.front().at(0).value<std::vector<core::CatalogueEntry>>().empty());
    REQUIRE(QFileInfo::exists(appKnown));
    saveGrab(panel, QStringLiteral("ssh-dut-checked"));

    // Again: known now, no question.
    bool askedAgain = false;
    auto again = whenShown<QMessageBox>(
        [&](QMessageBox &box) {
            askedAgain = true;
            box.reject();
        },
        3000);
    check(panel);
    CHECK_FALSE(askedAgain);
    CHECK(info->text().contains(QStringLiteral("self-test: passed")));
}

TEST_CASE("connections: a changed SSH host key is refused without a question", "[gui][ssh]")
{
    SshServer server;
    TempDir dir;
    ConnectionPanel panel;
    panel.show();
    fillSsh(panel, server, dir);
    // The user's known_hosts has another key for this server.
    std::ofstream(dir.path() / "user_known_hosts") << server.otherKeyLine() << '\n';
    bool asked = false;
    auto question = whenShown<QMessageBox>(
        [&](QMessageBox &box) {
            asked = true;
            box.reject();
        },
        3000);
    check(panel);
    CHECK_FALSE(asked);
    const auto *error = child<QLabel>(panel, "dutError");
    CHECK(error->isVisible());
    CHECK(error->text().contains(QStringLiteral("CHANGED"), Qt::CaseInsensitive));
    CHECK(error->text().contains(qs(dir.path() / "user_known_hosts")));
}
