// The connections' microcontroller DUTs, made from their declarations (core/src/dut_mcu.cpp):
// the kinds are offered, their fields make the resource, and Check against the firmware on
// qemu-system-arm shows the board, its self-test and its catalogue.

#include "gui_test_support.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <catch2/catch.hpp>

#include <measure/connection_panel.h>
#include <measure/dut_form.h>

#ifdef CIPHERWATT_FIRMWARE_ELF
#include "../mcu/qemu_process.h"
#endif

using namespace cipherwatt;
using namespace cipherwatt::test::gui;
using cipherwatt::gui::ConnectionPanel;

namespace {

template<typename T>
T *child(const QObject &parent, const char *name)
{
    T *found = parent.findChild<T *>(QLatin1String(name));
    REQUIRE(found != nullptr);
    return found;
}

// The DUT form's own widgets (the meter's form has a tcp and a serial kind too).
QWidget &dutForm(ConnectionPanel &panel)
{
    auto *form = panel.findChild<gui::DutForm *>();
    REQUIRE(form != nullptr);
    return *form;
}

void chooseTcp(ConnectionPanel &panel, quint16 port)
{
    auto *kind = child<QComboBox>(panel, "dutKind");
    const int at = kind->findData(QStringLiteral("tcp"));
    REQUIRE(at >= 0);
    kind->setCurrentIndex(at);
    child<QLineEdit>(dutForm(panel), "tcpHost")->setText(QStringLiteral("127.0.0.1"));
    child<QSpinBox>(dutForm(panel), "tcpPort")->setValue(port);
}

} // namespace

TEST_CASE("connections: the microcontroller kinds are offered and make their resources",
          "[gui][mcu]")
{
    ConnectionPanel panel;
    panel.resize(460, 640);
    panel.show();
    auto *kind = child<QComboBox>(panel, "dutKind");
    const int serial = kind->findData(QStringLiteral("serial"));
    REQUIRE(serial >= 0);
    CHECK(kind->itemText(serial) == QStringLiteral("Microcontroller (serial port)"));
    CHECK(kind->itemText(kind->findData(QStringLiteral("tcp"))) ==
          QStringLiteral("Microcontroller (TCP)"));

    // The plugin list is the worker's: shown for this computer, hidden for a microcontroller.
    auto *plugins = child<QListWidget>(panel, "plugins");
    kind->setCurrentIndex(kind->findData(QStringLiteral("local")));
    CHECK(plugins->isVisible());
    kind->setCurrentIndex(serial);
    CHECK_FALSE(plugins->isVisible());
    auto *device = child<QComboBox>(dutForm(panel), "serialDevice");
    device->setCurrentText(QStringLiteral("/dev/ttyACM0"));
    CHECK(child<QSpinBox>(dutForm(panel), "serialBaud")->value() == 115200);
    CHECK(panel.dutProblem().isEmpty());
    CHECK(panel.dutResource().startsWith(QStringLiteral("serial:/dev/ttyACM0")));
    saveGrab(panel, QStringLiteral("mcu-dut-serial"));

    chooseTcp(panel, 5555);
    CHECK(panel.dutResource() == QStringLiteral("tcp:127.0.0.1:5555"));
    child<QLineEdit>(dutForm(panel), "tcpHost")->clear();
    CHECK(panel.dutProblem() == QStringLiteral("DUT: Host is empty."));
}

#ifdef CIPHERWATT_FIRMWARE_ELF
TEST_CASE("connections: Check on the firmware under qemu shows the board, its self-test and its "
          "ciphers",
          "[gui][mcu]")
{
    test::QemuProcess board;
    ConnectionPanel panel;
    panel.resize(460, 640);
    panel.show();
    chooseTcp(panel, board.port());
    QSignalSpy catalogue(&panel, &ConnectionPanel::catalogueChanged);
    auto *button = child<QPushButton>(panel, "checkDut");
    button->click();
    REQUIRE(waitUntil([&] { return button->isEnabled(); }, 60000));
    const auto *info = child<QLabel>(panel, "dutInfo");
    const auto *error = child<QLabel>(panel, "dutError");
    INFO(error->text().toStdString() << "\n" << board.log());
    CHECK_FALSE(error->isVisible());
    CHECK(info->text().contains(QStringLiteral("Arm Cortex-M3 at 25 MHz, board mps2-an385")));
    CHECK(info->text().contains(QStringLiteral("governor: none (a microcontroller has none)")));
    CHECK(info->text().contains(QStringLiteral("firmware: CipherWatt " CIPHERWATT_VERSION)));
    CHECK_FALSE(info->text().contains(QStringLiteral("cipherwatt-bench")));
    // Every cipher the firmware carries is self-tested (the list is left out, not empty).
    CHECK(info->text().contains(QStringLiteral("self-test: passed")));
    CHECK_FALSE(info->text().contains(QStringLiteral("passed (0 ")));
    REQUIRE(catalogue.size() == 1);
    const auto ciphers = catalogue.front().at(0).value<std::vector<core::CatalogueEntry>>();
    CHECK(std::any_of(ciphers.begin(), ciphers.end(), [](const core::CatalogueEntry &c) {
        return c.id == QStringLiteral("aes-128-ccm-8") &&
               c.backends == QStringList{QStringLiteral("firmware")};
    }));
    saveGrab(panel, QStringLiteral("mcu-dut-checked"));
}
#endif
