// The connections' Android DUT with a fake adb first on PATH (support/fake_adb/adb): the serial
// list comes from `adb devices -l` with model names, filled in when adb has answered; Check
// pushes the worker through adb and shows its system and self-test.

#include "gui_test_support.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <measure/connection_panel.h>
#include <temp_dir.h>

using namespace cipherwatt;
using namespace cipherwatt::test::gui;
using cipherwatt::gui::ConnectionPanel;
using cipherwatt::test::TempDir;

namespace {

template<typename T>
T *child(const QObject &parent, const char *name)
{
    T *found = parent.findChild<T *>(QLatin1String(name));
    REQUIRE(found != nullptr);
    return found;
}

// A Nexus 5 of this machine's ABI, and one not authorised yet, behind the fake adb.
class FakePhones
{
public:
    FakePhones()
        : m_path(qgetenv("PATH"))
    {
        qputenv("PATH", QByteArray(CIPHERWATT_FAKE_ADB_DIR ":") + m_path);
        qputenv("FAKE_ADB_HOME", QByteArray::fromStdString(m_dir.path().string()));
        for (const auto &[serial, state] :
             {std::pair{"0a1b2c3d", "device"}, std::pair{"emulator-5554", "unauthorized"}}) {
            const auto d = m_dir.path() / "devices" / serial;
            std::filesystem::create_directories(d);
            std::ofstream(d / "state") << state << "\n";
            std::ofstream(d / "props") << "[ro.product.model]: [Nexus 5]\n"
                                       << "[ro.product.manufacturer]: [LGE]\n"
                                       << "[ro.build.version.release]: [6.0.1]\n"
                                       << "[ro.build.version.sdk]: [23]\n"
                                       << "[ro.product.cpu.abi]: [x86_64]\n";
        }
    }
    ~FakePhones()
    {
        qputenv("PATH", m_path);
        qunsetenv("FAKE_ADB_HOME");
    }
    FakePhones(const FakePhones &) = delete;
    FakePhones &operator=(const FakePhones &) = delete;

private:
    TempDir m_dir;
    QByteArray m_path;
};

} // namespace

TEST_CASE("connections: an Android DUT is picked from adb's device list and checked through adb",
          "[gui][adb]")
{
    FakePhones phones;
    ConnectionPanel panel;
    panel.resize(460, 700);
    panel.show();
    auto *kind = child<QComboBox>(panel, "dutKind");
    kind->setCurrentIndex(kind->findData(QStringLiteral("adb")));
    auto *serial = child<QComboBox>(panel, "adbSerial");
    REQUIRE(waitUntil([&] { return serial->count() == 3; }, 20000));
    CHECK(serial->itemText(0) == QStringLiteral("The only device attached"));
    CHECK(serial->itemText(1) == QStringLiteral("Nexus 5 — serial 0a1b2c3d (device)"));
    CHECK(serial->itemText(2) == QStringLiteral("Nexus 5 — serial emulator-5554 (unauthorized)"));
    CHECK(panel.dutResource() == QStringLiteral("adb"));
    serial->setCurrentIndex(1);
    CHECK(panel.dutResource() == QStringLiteral("adb:0a1b2c3d"));
    child<QLineEdit>(panel, "adbAdbWorker")->setText(QStringLiteral(CIPHERWATT_BENCH_EXE));
    CHECK(panel.dutProblem().isEmpty());

    auto *button = child<QPushButton>(panel, "checkDut");
    REQUIRE(button->isEnabled());
    button->click();
    REQUIRE(waitUntil([&] { return button->isEnabled(); }, 60000));
    const auto *info = child<QLabel>(panel, "dutInfo");
    const auto *error = child<QLabel>(panel, "dutError");
    INFO(error->text().toStdString());
    CHECK_FALSE(error->isVisible());
    CHECK(info->text().contains(QStringLiteral("self-test: passed")));
    saveGrab(panel, QStringLiteral("adb-dut-checked"));
}
