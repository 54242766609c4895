// The connections' meter set-up for sessions (issue 17): mode, fixed ranges or auto-range,
// auto-range allowed, the range advisor; what a session is given, what is remembered with the
// connection, and what the form refuses.

#include "gui_test_support.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <catch2/catch.hpp>

#include <measure/connection_panel.h>
#include <measure/meter_form.h>
#include <temp_dir.h>

using namespace cipherwatt;
using namespace cipherwatt::test::gui;
using cipherwatt::gui::MeterForm;

namespace {

template<typename T>
T *child(const QObject &parent, const char *name)
{
    T *found = parent.findChild<T *>(QLatin1String(name));
    REQUIRE(found != nullptr);
    return found;
}

void choose(QComboBox *box, const QString &data)
{
    const int at = box->findData(data);
    REQUIRE(at >= 0);
    box->setCurrentIndex(at);
}

} // namespace

TEST_CASE("meter set-up: mode and ranges go to the session and are remembered", "[gui]")
{
    gui::ConnectionPanel panel;
    panel.resize(460, 820);
    panel.show();
    MeterForm &form = *panel.meterForm();
    auto *mode = child<QComboBox>(form, "meterMode");
    auto *volts = child<QComboBox>(form, "voltageRange");
    auto *amps = child<QComboBox>(form, "currentRange");
    // Before a probe: every range of the family (the WT310's 5 mA up to the WT310EH's 40 A).
    CHECK(volts->findData(QStringLiteral("600")) >= 0);
    CHECK(amps->findData(QStringLiteral("0.005")) >= 0);
    CHECK(amps->findData(QStringLiteral("40")) >= 0);

    core::SessionSettings s;
    form.applyTo(s);
    CHECK(s.meterMode == instruments::MeasurementMode::Rms);
    CHECK_FALSE(s.voltageRange); // as set on the meter
    CHECK_FALSE(s.allowAutoRange);

    choose(mode, QStringLiteral("DC"));
    choose(volts, QStringLiteral("300"));
    choose(amps, QStringLiteral("auto"));
    child<QCheckBox>(form, "allowAutoRange")->setChecked(true);
    form.applyTo(s);
    CHECK(s.meterMode == instruments::MeasurementMode::Dc);
    REQUIRE(s.voltageRange);
    CHECK(s.voltageRange->value == 300);
    REQUIRE(s.currentRange);
    CHECK(s.currentRange->automatic);
    CHECK(s.allowAutoRange);
    CHECK(panel.meterProblem().isEmpty());
    saveGrab(panel, QStringLiteral("meter-setup"));

    // Remembered with the connection.
    const cipherwatt::test::TempDir dir;
    QSettings stored(QString::fromStdString((dir.path() / "connections.ini").string()),
                     QSettings::IniFormat);
    form.save(stored);
    MeterForm other;
    other.restore(stored);
    core::SessionSettings back;
    other.applyTo(back);
    CHECK(back.meterMode == instruments::MeasurementMode::Dc);
    REQUIRE(back.voltageRange);
    CHECK(back.voltageRange->value == 300);
    CHECK(back.allowAutoRange);

    // The advisor chooses the ranges: a fixed one beside it is refused, with the fix named.
    child<QCheckBox>(form, "rangesAutoFix")->setChecked(true);
    CHECK(panel.meterProblem().contains(QStringLiteral("range advisor")));
    choose(volts, QStringLiteral("auto"));
    CHECK(panel.meterProblem().isEmpty());
    form.applyTo(s);
    CHECK(s.rangesAutoFix);
}

TEST_CASE("meter set-up: a power source on the DUT as the meter takes no element, mode or ranges",
          "[gui][sources]")
{
    gui::ConnectionPanel panel;
    panel.resize(460, 820);
    panel.show();
    MeterForm &form = *panel.meterForm();
    auto *kind = child<QComboBox>(form, "meterKind");
    choose(kind, QStringLiteral("rapl"));
    CHECK(form.isDutSource());
    // Greyed out: none of them applies to a source.
    CHECK_FALSE(child<QComboBox>(form, "voltageRange")->isEnabled());
    CHECK_FALSE(child<QComboBox>(form, "meterMode")->isEnabled());
    CHECK_FALSE(child<QCheckBox>(form, "rangesAutoFix")->isEnabled());
    CHECK_FALSE(child<QPushButton>(form, "probeMeter")->isEnabled());
    // The zone is required.
    CHECK_FALSE(form.problem().isEmpty());
    auto *zone = child<QLineEdit>(form, "raplZone");
    zone->setText(QStringLiteral("package-0"));
    CHECK(form.problem().isEmpty());
    CHECK(form.resource() == QStringLiteral("rapl:package-0"));
    core::SessionSettings s;
    s.voltageRange = instruments::Range{false, 300.0};
    s.rangesAutoFix = true;
    form.applyTo(s);
    CHECK_FALSE(s.voltageRange);
    CHECK_FALSE(s.rangesAutoFix);
    saveGrab(panel, QStringLiteral("meter-source"));
    // Back to a WT300: its rows again.
    choose(kind, QStringLiteral("sim"));
    CHECK_FALSE(form.isDutSource());
    CHECK(child<QComboBox>(form, "voltageRange")->isEnabled());
    CHECK(child<QPushButton>(form, "probeMeter")->isEnabled());
}
