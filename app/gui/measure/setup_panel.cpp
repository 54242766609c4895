#include "measure/setup_panel.h"

#include "measure/factor_table.h"
#include "measure/plan_builder.h"

#include <cipherwatt/core/cycles_model.h>
#include <cipherwatt/core/format.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

#include <map>

namespace cipherwatt::gui {

using namespace core;

namespace {

void showError(QLabel *label, const QString &text)
{
    label->setText(text);
    label->setVisible(!text.isEmpty());
}

struct BufferPreset
{
    const char *name;
    const char *sizes;
};

} // namespace

QLabel *SetupPanel::addError(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("color: #c62828;"));
    label->setVisible(false);
    return label;
}

SetupPanel::SetupPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildStoredBanner());

    auto *sessionBox = new QGroupBox(tr("Session"), this);
    auto *sessionForm = new QFormLayout(sessionBox);
    m_label = new QLineEdit(sessionBox);
    m_label->setObjectName(QStringLiteral("sessionLabel"));
    m_label->setPlaceholderText(tr("e.g. LEA vs AES, laptop, governor performance"));
    m_label->setToolTip(tr("A name for the session, shown in the library and on reports."));
    m_labelError = addError(sessionBox);
    m_labelError->setObjectName(QStringLiteral("labelError"));
    sessionForm->addRow(tr("Label:"), m_label);
    sessionForm->addRow(QString(), m_labelError);
    // A label another session has is allowed (a series may share one), and pointed out: the
    // sessions are told apart by their identifiers.
    m_labelWarning = new QLabel(sessionBox);
    m_labelWarning->setObjectName(QStringLiteral("labelWarning"));
    m_labelWarning->setWordWrap(true);
    m_labelWarning->setStyleSheet(QStringLiteral("color: #8a5500;"));
    m_labelWarning->setVisible(false);
    sessionForm->addRow(QString(), m_labelWarning);
    m_operator = new QLineEdit(sessionBox);
    m_operator->setToolTip(tr("Who measures (on reports)."));
    sessionForm->addRow(tr("Operator:"), m_operator);
    m_tags = new QLineEdit(sessionBox);
    m_tags->setPlaceholderText(tr("comma separated, e.g. x86, paper-1"));
    m_tags->setToolTip(tr("Tags for finding the session in the library."));
    sessionForm->addRow(tr("Tags:"), m_tags);
    m_notes = new QPlainTextEdit(sessionBox);
    m_notes->setMaximumHeight(60);
    m_notes->setToolTip(tr("Notes kept with the session (set-up details, observations)."));
    sessionForm->addRow(tr("Notes:"), m_notes);
    layout->addWidget(sessionBox);

    m_plan = new PlanBuilder(this);
    connect(m_plan, &PlanBuilder::changed, this, &SetupPanel::changed);
    layout->addWidget(m_plan);

    auto *runsBox = new QGroupBox(tr("Runs"), this);
    auto *runsForm = new QFormLayout(runsBox);
    auto *bufferRow = new QHBoxLayout;
    m_buffers = new QLineEdit(QStringLiteral("4096"), runsBox);
    m_buffers->setObjectName(QStringLiteral("bufferSizes"));
    m_buffers->setToolTip(tr("Buffer sizes in bytes, comma separated. Every buffer is one message "
                             "(its own IV, nonce or tweak)."));
    // A push button: it keeps room for its menu arrow beside the text (a tool button draws the
    // arrow over the text's end).
    auto *presets = new QPushButton(tr("Presets"), runsBox);
    presets->setToolTip(tr("The papers' buffer sizes."));
    auto *menu = new QMenu(presets);
    static constexpr BufferPreset kPresets[] = {
        {QT_TR_NOOP("4096 B (the first paper)"), "4096"},
        {QT_TR_NOOP("16 B … 16 KiB, powers of two"),
         "16,32,64,128,256,512,1024,2048,4096,8192,16384"},
        {QT_TR_NOOP("100, 500, 1500 kB (files, the second paper)"), "100000,500000,1500000"},
        {QT_TR_NOOP("5, 20, 50, 100 B (sensor payloads, the third paper)"), "5,20,50,100"},
    };
    for (const BufferPreset &p : kPresets) {
        const QString sizes = QLatin1String(p.sizes);
        menu->addAction(tr(p.name), this, [this, sizes] { m_buffers->setText(sizes); });
    }
    presets->setMenu(menu);
    bufferRow->addWidget(m_buffers, 1);
    bufferRow->addWidget(presets);
    runsForm->addRow(tr("Buffer sizes:"), bufferRow);
    m_buffersError = addError(runsBox);
    m_buffersError->setObjectName(QStringLiteral("buffersError"));
    runsForm->addRow(QString(), m_buffersError);
    m_repeats = new QSpinBox(runsBox);
    m_repeats->setRange(1, 1000);
    m_repeats->setToolTip(tr("Every run is repeated; repeats are spread over the session."));
    runsForm->addRow(tr("Repeats:"), m_repeats);
    m_runOrder = new QComboBox(runsBox);
    m_runOrder->setObjectName(QStringLiteral("runOrder"));
    m_runOrder->addItem(tr("Interleaved: every run, then every run again"),
                        runOrderName(RunOrder::Interleaved));
    m_runOrder->addItem(tr("Sequential: each run's repeats back to back"),
                        runOrderName(RunOrder::Sequential));
    m_runOrder->addItem(tr("Random within each pass (seed stored)"),
                        runOrderName(RunOrder::Randomised));
    m_runOrder->setToolTip(tr("A random order keeps a DUT's drift from lining up with one cipher "
                              "or buffer size; the seed is stored with the session, and the same "
                              "seed gives the same order."));
    runsForm->addRow(tr("Run order:"), m_runOrder);
    // An experiment's factors, one row each (the command line's --vary).
    m_factors = new FactorTable(runsBox);
    runsForm->addRow(tr("Factors:"), m_factors);
    m_factorsError = addError(runsBox);
    m_factorsError->setObjectName(QStringLiteral("factorsError"));
    runsForm->addRow(QString(), m_factorsError);
    m_padWithZeros =
        new QCheckBox(tr("Pad ECB and CBC buffers with zeros to whole blocks"), runsBox);
    m_padWithZeros->setObjectName(QStringLiteral("padWithZeros"));
    m_padWithZeros->setToolTip(
        tr("A buffer that is not whole blocks (the third paper's 5-byte payloads) is padded "
           "with zeros instead of refused; energy per byte stays per payload byte."));
    runsForm->addRow(QString(), m_padWithZeros);

    auto *lengthBox = new QWidget(runsBox);
    auto *lengthGrid = new QFormLayout(lengthBox);
    lengthGrid->setContentsMargins(0, 0, 0, 0);
    m_lengthAuto = new QRadioButton(tr("Automatic, at least"), lengthBox);
    m_lengthAuto->setToolTip(tr("A short pilot run sizes each run to span this many meter "
                                "updates (100 = 10 s at 100 ms)."));
    m_minUpdates = new QSpinBox(lengthBox);
    m_minUpdates->setRange(10, 100000);
    m_minUpdates->setValue(100);
    m_minUpdates->setSuffix(tr(" updates"));
    m_minUpdates->setToolTip(m_lengthAuto->toolTip());
    lengthGrid->addRow(m_lengthAuto, m_minUpdates);
    m_lengthIterations = new QRadioButton(tr("Iterations"), lengthBox);
    m_lengthIterations->setToolTip(tr("A fixed number of buffers per run (the first paper used "
                                      "10 000); runs shorter than 100 updates are flagged."));
    m_iterations = new QSpinBox(lengthBox);
    m_iterations->setRange(1, 2'000'000'000);
    m_iterations->setValue(10000);
    m_iterations->setToolTip(m_lengthIterations->toolTip());
    lengthGrid->addRow(m_lengthIterations, m_iterations);
    m_lengthSeconds = new QRadioButton(tr("Seconds"), lengthBox);
    m_lengthSeconds->setToolTip(tr("Each run lasts at least this long."));
    m_seconds = new QDoubleSpinBox(lengthBox);
    m_seconds->setRange(0.1, 86400);
    m_seconds->setValue(10);
    m_seconds->setSuffix(tr(" s"));
    m_seconds->setToolTip(m_lengthSeconds->toolTip());
    lengthGrid->addRow(m_lengthSeconds, m_seconds);
    m_lengthAuto->setChecked(true);
    runsForm->addRow(tr("Run length:"), lengthBox);

    m_baseline = new QDoubleSpinBox(runsBox);
    m_baseline->setRange(1, 86400);
    m_baseline->setValue(60);
    m_baseline->setSuffix(tr(" s"));
    m_baseline->setToolTip(tr("The DUT idles this long before the runs; its mean power is "
                              "subtracted from every run."));
    m_paperMethod = new QCheckBox(tr("Paper method (600 s)"), runsBox);
    m_paperMethod->setToolTip(tr("The first paper's 10-minute idle baseline."));
    connect(m_paperMethod, &QCheckBox::toggled, this, [this](bool on) {
        m_baseline->setEnabled(!on);
        if (on)
            m_baseline->setValue(kPaperBaselineSeconds);
    });
    auto *baselineRow = new QHBoxLayout;
    baselineRow->addWidget(m_baseline);
    baselineRow->addWidget(m_paperMethod);
    baselineRow->addStretch();
    runsForm->addRow(tr("Idle baseline:"), baselineRow);
    m_settle = new QDoubleSpinBox(runsBox);
    m_settle->setRange(0, 3600);
    m_settle->setSuffix(tr(" s"));
    m_settle->setToolTip(tr("A pause before every run, to let the DUT settle."));
    m_settleIsIdle = new QCheckBox(tr("as an idle window"), runsBox);
    m_settleIsIdle->setToolTip(
        tr("The settle pauses serve as idle windows too: each run's idle level is interpolated "
           "between them. Only for a DUT that is idle again at once after a run."));
    m_settleIsIdle->setEnabled(false);
    connect(m_settle, &QDoubleSpinBox::valueChanged, m_settleIsIdle,
            [this](double seconds) { m_settleIsIdle->setEnabled(seconds > 0); });
    auto *settleRow = new QHBoxLayout;
    settleRow->addWidget(m_settle);
    settleRow->addWidget(m_settleIsIdle);
    settleRow->addStretch();
    runsForm->addRow(tr("Settle before runs:"), settleRow);
    m_idleBetween = new QDoubleSpinBox(runsBox);
    m_idleBetween->setRange(0, 3600);
    m_idleBetween->setSuffix(tr(" s"));
    m_idleBetween->setToolTip(
        tr("An idle window before every run but the first (0: none). Each run's idle level is "
           "then interpolated between the idle windows around it, so a DUT that warms up during "
           "the session is followed."));
    runsForm->addRow(tr("Idle between runs:"), m_idleBetween);
    m_postBaseline = new QDoubleSpinBox(runsBox);
    m_postBaseline->setRange(0, 86400);
    m_postBaseline->setSuffix(tr(" s"));
    m_postBaseline->setToolTip(tr("Idle again after the runs to measure drift (0: none)."));
    runsForm->addRow(tr("Idle after runs:"), m_postBaseline);
    m_waitForQuiet = new QCheckBox(tr("Wait for a quiet DUT before the baseline (at most %1 s)")
                                       .arg(static_cast<int>(kDefaultWaitForQuietSeconds)),
                                   runsBox);
    m_waitForQuiet->setToolTip(
        tr("Waits until other programs on the DUT keep less than 5 % of one core busy for 3 s; "
           "if they never do, the session goes on and the results are flagged."));
    runsForm->addRow(m_waitForQuiet);
    m_waitForStable =
        new QCheckBox(tr("Wait for stable idle power before the baseline (at most %1 s)")
                          .arg(static_cast<int>(kDefaultWaitForStableSeconds)),
                      runsBox);
    m_waitForStable->setToolTip(
        tr("Waits until the idle power's trend over the last baseline-length window stays "
           "within the drift threshold of its mean (in the spirit of IEC 62301's stability "
           "rule); if it never does, the session goes on and is flagged."));
    runsForm->addRow(m_waitForStable);
    m_conservative = new QCheckBox(tr("Conservative uncertainty"), runsBox);
    m_conservative->setToolTip(
        tr("Count each reading's whole accuracy limit independently, as if baseline and runs "
           "were read by two unrelated meters. By default the range offset common to both on "
           "the same fixed range cancels (docs/method.md)."));
    runsForm->addRow(m_conservative);
    layout->addWidget(runsBox);

    auto *dutBox = new QGroupBox(tr("CPU"), this);
    auto *dutForm = new QFormLayout(dutBox);
    m_pinGovernor = new QCheckBox(tr("Pin the governor to performance"), dutBox);
    m_pinGovernor->setObjectName(QStringLiteral("pinGovernor"));
    m_pinGovernor->setChecked(true);
    m_pinGovernor->setToolTip(tr("Through the worker; read back and recorded. Needs root on the "
                                 "DUT (polkit or sudo); a failure is shown, never silent."));
    m_fixFrequency = new QCheckBox(tr("Fix the frequency (minimum = maximum)"), dutBox);
    m_fixFrequency->setToolTip(tr("Pins the minimum frequency to the maximum as well."));
    m_noTurbo = new QCheckBox(tr("Turn turbo off"), dutBox);
    m_noTurbo->setToolTip(tr("Turns turbo/boost off while measuring, where the DUT has it."));
    connect(m_pinGovernor, &QCheckBox::toggled, m_fixFrequency, &QWidget::setEnabled);
    connect(m_pinGovernor, &QCheckBox::toggled, m_noTurbo, &QWidget::setEnabled);
    dutForm->addRow(m_pinGovernor);
    dutForm->addRow(m_fixFrequency);
    dutForm->addRow(m_noTurbo);
    m_cpu = new QComboBox(dutBox);
    m_cpu->addItem(tr("Not pinned"), -1);
    for (int i = 0; i < std::max(1, QThread::idealThreadCount()); ++i)
        m_cpu->addItem(tr("CPU %1").arg(i), i);
    m_cpu->setCurrentIndex(1);
    m_cpu->setToolTip(tr("The CPU the runs are pinned to."));
    dutForm->addRow(tr("Runs on:"), m_cpu);
    m_sources = new QLineEdit(dutBox);
    m_sources->setObjectName(QStringLiteral("sources"));
    m_sources->setPlaceholderText(tr("none; e.g. rapl:package, battery"));
    m_sources->setToolTip(
        tr("Power sensors on the DUT read beside the meter, comma separated: rapl:<zone>, "
           "battery[:<name>], hwmon:<sensor>/<label>. Every run gets its net power from each "
           "and the ratio to the meter's; their makers do not specify their accuracy, so their "
           "intervals are statistical only."));
    dutForm->addRow(tr("Power sources:"), m_sources);
    m_sourcesError = addError(dutBox);
    m_sourcesError->setObjectName(QStringLiteral("sourcesError"));
    dutForm->addRow(QString(), m_sourcesError);
    m_cyclesModel = new QLineEdit(dutBox);
    m_cyclesModel->setObjectName(QStringLiteral("cyclesModel"));
    m_cyclesModel->setPlaceholderText(tr("none; e.g. 1.35V,200mA,700MHz"));
    m_cyclesModel->setToolTip(
        tr("The fourth paper's cycles model beside each measured energy per byte: E = cycles / "
           "f × I × V, from the CPU's supply voltage, its current per cycle and, optionally, "
           "the clock (by default each run's own). An estimate, never mixed with the "
           "measurement: the results show its ratio to it."));
    dutForm->addRow(tr("Cycles model:"), m_cyclesModel);
    m_cyclesModelError = addError(dutBox);
    m_cyclesModelError->setObjectName(QStringLiteral("cyclesModelError"));
    dutForm->addRow(QString(), m_cyclesModelError);
    layout->addWidget(dutBox);
    layout->addStretch();

    for (QLineEdit *edit : {m_label, m_buffers, m_operator, m_sources, m_cyclesModel})
        connect(edit, &QLineEdit::textChanged, this, &SetupPanel::changed);
    connect(m_factors, &FactorTable::changed, this, &SetupPanel::changed);
    connect(m_padWithZeros, &QCheckBox::toggled, this, &SetupPanel::changed);
    connect(m_label, &QLineEdit::textChanged, this, &SetupPanel::updateLabelWarning);
    // What the estimate beside Start depends on.
    connect(m_repeats, &QSpinBox::valueChanged, this, &SetupPanel::changed);
    connect(m_runOrder, &QComboBox::currentIndexChanged, this, [this] {
        m_runOrderSeed.reset(); // another order chosen: a new seed when random again
        emit changed();
    });
    for (QDoubleSpinBox *box : {m_seconds, m_baseline, m_settle, m_idleBetween, m_postBaseline})
        connect(box, &QDoubleSpinBox::valueChanged, this, &SetupPanel::changed);
    connect(m_minUpdates, &QSpinBox::valueChanged, this, &SetupPanel::changed);
    for (QAbstractButton *b : std::initializer_list<QAbstractButton *>{
             m_lengthAuto, m_lengthIterations, m_lengthSeconds, m_paperMethod})
        connect(b, &QAbstractButton::toggled, this, &SetupPanel::changed);
    m_editable = {sessionBox, m_plan, runsBox, dutBox};
}

QWidget *SetupPanel::buildStoredBanner()
{
    m_storedBanner = new QFrame(this);
    m_storedBanner->setObjectName(QStringLiteral("storedBanner"));
    m_storedBanner->setStyleSheet(
        QStringLiteral("QFrame#storedBanner { background: rgba(86, 180, 233, 0.14); "
                       "border: 1px solid rgba(0, 114, 178, 0.55); border-radius: 4px; }"));
    auto *layout = new QVBoxLayout(m_storedBanner);
    layout->setContentsMargins(8, 6, 8, 6);
    m_storedText = new QLabel(m_storedBanner);
    m_storedText->setObjectName(QStringLiteral("storedText"));
    m_storedText->setWordWrap(true);
    layout->addWidget(m_storedText);
    auto *buttons = new QHBoxLayout;
    auto *reuse = new QPushButton(tr("Reuse This Set-up"), m_storedBanner);
    reuse->setObjectName(QStringLiteral("reuseSetup"));
    reuse->setToolTip(tr("Start a new session from this session's set-up: everything is copied "
                         "but the label"));
    connect(reuse, &QPushButton::clicked, this, &SetupPanel::reuseStored);
    auto *fresh = new QPushButton(tr("New Session"), m_storedBanner);
    fresh->setObjectName(QStringLiteral("newSetup"));
    fresh->setToolTip(tr("Back to the set-up that was on the form before"));
    connect(fresh, &QPushButton::clicked, this, &SetupPanel::leaveStored);
    buttons->addWidget(reuse);
    buttons->addWidget(fresh);
    buttons->addStretch();
    layout->addLayout(buttons);
    m_storedBanner->hide();
    return m_storedBanner;
}

void SetupPanel::setCatalogue(const std::vector<CatalogueEntry> &catalogue)
{
    m_plan->setCatalogue(catalogue);
}

const std::vector<CatalogueEntry> &SetupPanel::catalogue() const
{
    return m_plan->catalogue();
}

void SetupPanel::checkPlan(const QStringList &cipherSlashBackend)
{
    m_plan->checkPlan(cipherSlashBackend);
}

QString SetupPanel::planSpec() const
{
    return m_plan->planSpec();
}

std::vector<std::size_t> SetupPanel::bufferSizes(QString *problem) const
{
    std::vector<std::size_t> sizes;
    for (const QString &part : m_buffers->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 v = part.trimmed().toLongLong(&ok);
        if (!ok || v < 1 || v > (qint64{1} << 30)) {
            if (problem != nullptr)
                *problem = tr("\"%1\" is not a buffer size: give bytes from 1 to 1 GiB, comma "
                              "separated.")
                               .arg(part.trimmed());
            return {};
        }
        sizes.push_back(static_cast<std::size_t>(v));
    }
    if (sizes.empty() && problem != nullptr)
        *problem = tr("Give at least one buffer size.");
    return sizes;
}

// The factor table's levels. Frequency and governor levels are pinned through the worker, so
// they need "Pin the governor" and exclude "Fix the frequency".
void SetupPanel::applyFactors(SessionSettings &s, QString *problem) const
{
    m_factors->applyTo(s, problem);
    if ((!s.frequencyLevelsKHz.empty() || !s.governorLevels.isEmpty()) &&
        (!m_pinGovernor->isChecked() || m_fixFrequency->isChecked())) {
        if (problem != nullptr && problem->isEmpty())
            *problem = tr("Frequency and governor levels are pinned through the worker: check "
                          "\"Pin the governor\" and leave \"Fix the frequency\" unchecked.");
        s.frequencyLevelsKHz.clear();
        s.governorLevels.clear();
    }
}

bool SetupPanel::validate()
{
    bool ok = true;
    if (m_label->text().trimmed().isEmpty()) {
        showError(m_labelError, tr("Give the session a label."));
        ok = false;
    } else {
        showError(m_labelError, {});
    }
    QString commandProblem;
    m_plan->commandEntries(&commandProblem);
    m_plan->setCommandsProblem(commandProblem);
    ok = ok && commandProblem.isEmpty();
    const QString planProblem = m_plan->problem();
    m_plan->showProblem(planProblem);
    ok = ok && planProblem.isEmpty();
    QString problem;
    bufferSizes(&problem);
    showError(m_buffersError, problem);
    ok = ok && problem.isEmpty();
    // A wrong level is named under the table; levels the governor settings cannot pin, here.
    const bool levelsOk = m_factors->validate();
    SessionSettings factors;
    QString pinning;
    if (levelsOk)
        applyFactors(factors, &pinning);
    showError(m_factorsError, pinning);
    ok = ok && levelsOk && pinning.isEmpty();
    const std::optional<core::Message> sources = sourcesProblem(sourceList());
    showError(m_sourcesError, sources ? sources->translated() : QString());
    ok = ok && !sources;
    const QString model = m_cyclesModel->text().trimmed();
    const auto parsed = model.isEmpty() ? core::Result<core::CyclesModel>(core::CyclesModel{})
                                        : core::parseCyclesModel(model);
    showError(m_cyclesModelError, parsed ? QString() : parsed.error().message.translated());
    ok = ok && parsed.ok();
    return ok;
}

SessionSettings SetupPanel::settings() const
{
    SessionSettings s;
    s.label = m_label->text().trimmed();
    s.operatorName = m_operator->text().trimmed();
    s.notes = m_notes->toPlainText();
    for (const QString &t : m_tags->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        s.tags << t.trimmed();
    s.planSpec = planSpec();
    s.bufferSizes = bufferSizes(nullptr);
    s.repeats = m_repeats->value();
    applyFactors(s, nullptr);
    s.padWithZeros = m_padWithZeros->isChecked();
    s.runOrder =
        runOrderFromName(m_runOrder->currentData().toString()).value_or(RunOrder::Interleaved);
    // A session set up again from a stored one keeps its seed, and so its order.
    if (s.runOrder == RunOrder::Randomised)
        s.runOrderSeed = m_runOrderSeed;
    if (m_lengthIterations->isChecked()) {
        s.runLength.kind = RunLength::Kind::Iterations;
        s.runLength.iterations = static_cast<std::uint64_t>(m_iterations->value());
    } else if (m_lengthSeconds->isChecked()) {
        s.runLength.kind = RunLength::Kind::Seconds;
        s.runLength.seconds = m_seconds->value();
    } else {
        s.runLength.kind = RunLength::Kind::Automatic;
        s.minUpdates = m_minUpdates->value();
    }
    s.baselineSeconds = m_paperMethod->isChecked() ? kPaperBaselineSeconds : m_baseline->value();
    s.settleSeconds = m_settle->value();
    s.settleIsIdle = s.settleSeconds > 0 && m_settleIsIdle->isChecked();
    s.waitForStableSeconds = m_waitForStable->isChecked() ? kDefaultWaitForStableSeconds : 0.0;
    s.postBaselineSeconds = m_postBaseline->value();
    s.idleBetweenSeconds = m_idleBetween->value();
    s.uncertainty =
        m_conservative->isChecked() ? UncertaintyModel::Conservative : UncertaintyModel::Correlated;
    s.waitForQuietSeconds = m_waitForQuiet->isChecked() ? kDefaultWaitForQuietSeconds : 0.0;
    s.pinGovernor = m_pinGovernor->isChecked();
    s.fixFrequency = m_pinGovernor->isChecked() && m_fixFrequency->isChecked();
    s.disableTurbo = m_pinGovernor->isChecked() && m_noTurbo->isChecked();
    s.cpu = m_cpu->currentData().toInt();
    s.sources = sourceList();
    if (const QString model = m_cyclesModel->text().trimmed(); !model.isEmpty()) {
        if (auto parsed = core::parseCyclesModel(model))
            s.cyclesModel = *parsed;
    }
    return s;
}

QStringList SetupPanel::sourceList() const
{
    QStringList out;
    for (const QString &source : m_sources->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        out << source.trimmed();
    return out;
}

void SetupPanel::setLabel(const QString &label)
{
    m_label->setText(label);
}

void SetupPanel::setBaselineSeconds(double seconds)
{
    m_paperMethod->setChecked(false);
    m_baseline->setValue(seconds);
}

void SetupPanel::setRunSeconds(double seconds, int minUpdates)
{
    m_lengthSeconds->setChecked(true);
    m_seconds->setValue(seconds);
    m_minUpdates->setValue(minUpdates);
}

void SetupPanel::setSettings(const SessionSettings &s)
{
    m_label->setText(s.label);
    m_operator->setText(s.operatorName);
    m_tags->setText(s.tags.join(QStringLiteral(", ")));
    m_notes->setPlainText(s.notes);
    m_sources->setText(s.sources.join(QStringLiteral(", ")));
    m_cyclesModel->setText(s.cyclesModel ? core::cyclesModelSpec(*s.cyclesModel) : QString());
    m_plan->showPlan(s.planSpec);
    QStringList sizes;
    for (const std::size_t b : s.bufferSizes)
        sizes << QString::number(b);
    m_buffers->setText(sizes.join(QLatin1Char(',')));
    m_repeats->setValue(s.repeats);
    m_factors->show(s);
    m_padWithZeros->setChecked(s.padWithZeros);
    m_runOrder->setCurrentIndex(std::max(0, m_runOrder->findData(runOrderName(s.runOrder))));
    m_runOrderSeed = s.runOrderSeed;
    m_minUpdates->setValue(s.minUpdates);
    switch (s.runLength.kind) {
    case RunLength::Kind::Iterations:
        m_lengthIterations->setChecked(true);
        m_iterations->setValue(static_cast<int>(std::min<std::uint64_t>(
            s.runLength.iterations, static_cast<std::uint64_t>(m_iterations->maximum()))));
        break;
    case RunLength::Kind::Seconds:
        m_lengthSeconds->setChecked(true);
        m_seconds->setValue(s.runLength.seconds);
        break;
    case RunLength::Kind::Automatic:
        m_lengthAuto->setChecked(true);
        break;
    }
    m_paperMethod->setChecked(s.baselineSeconds == kPaperBaselineSeconds);
    m_baseline->setValue(s.baselineSeconds);
    m_settle->setValue(s.settleSeconds);
    m_settleIsIdle->setChecked(s.settleIsIdle);
    m_waitForStable->setChecked(s.waitForStableSeconds > 0);
    m_postBaseline->setValue(s.postBaselineSeconds);
    m_idleBetween->setValue(s.idleBetweenSeconds);
    m_conservative->setChecked(s.uncertainty == UncertaintyModel::Conservative);
    m_waitForQuiet->setChecked(s.waitForQuietSeconds > 0);
    m_pinGovernor->setChecked(s.pinGovernor);
    m_fixFrequency->setChecked(s.fixFrequency);
    m_noTurbo->setChecked(s.disableTurbo);
    const int cpu = m_cpu->findData(s.cpu);
    if (cpu >= 0)
        m_cpu->setCurrentIndex(cpu);
}

void SetupPanel::setLabelLookup(std::function<QList<qint64>(const QString &)> lookup)
{
    m_labelLookup = std::move(lookup);
    updateLabelWarning();
}

QString SetupPanel::labelWarning() const
{
    return m_labelWarning->isHidden() ? QString() : m_labelWarning->text();
}

void SetupPanel::updateLabelWarning()
{
    QStringList ids;
    if (m_labelLookup && m_storedId == 0) {
        for (const qint64 id : m_labelLookup(m_label->text()))
            ids << core::format::sessionId(id);
    }
    m_labelWarning->setText(ids.isEmpty()
                                ? QString()
                                : tr("%1 already has this label: the new session is told apart "
                                     "by its identifier.",
                                     nullptr, static_cast<int>(ids.size()))
                                      .arg(ids.join(QStringLiteral(", "))));
    m_labelWarning->setVisible(!ids.isEmpty());
}

void SetupPanel::setEditable(bool editable)
{
    for (QWidget *w : std::as_const(m_editable))
        w->setEnabled(editable);
    m_storedBanner->setVisible(!editable);
}

void SetupPanel::showStored(qint64 id, const SessionSettings &settings)
{
    if (m_storedId == 0)
        m_beforeStored = this->settings();
    m_storedId = id;
    m_stored = settings;
    m_storedText->setText(
        tr("The set-up of %1 “%2”, as it was measured (read-only).")
            .arg(core::format::sessionId(id), core::format::oneLine(settings.label)));
    setSettings(settings);
    setEditable(false);
    updateLabelWarning();
}

void SetupPanel::reuseStored()
{
    if (m_storedId == 0)
        return;
    SessionSettings copy = m_stored;
    copy.label.clear(); // a new session, a label of its own
    m_storedId = 0;
    setSettings(copy);
    setEditable(true);
    m_label->setFocus();
    emit storedLeft();
    emit changed();
}

void SetupPanel::leaveStored()
{
    if (m_storedId == 0)
        return;
    m_storedId = 0;
    setSettings(m_beforeStored);
    setEditable(true);
    emit storedLeft();
    emit changed();
}

void SetupPanel::restore()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("setup"));
    m_operator->setText(settings.value(QStringLiteral("operator")).toString());
    m_tags->setText(settings.value(QStringLiteral("tags")).toString());
    m_buffers->setText(settings.value(QStringLiteral("buffers"), m_buffers->text()).toString());
    m_repeats->setValue(settings.value(QStringLiteral("repeats"), 1).toInt());
    // Before the factor table the ISA, frequency and payload levels had keys of their own.
    const std::map<QString, QString> earlier{
        {QStringLiteral("isa"), QStringLiteral("isaLevels")},
        {QStringLiteral("freq"), QStringLiteral("frequencyLevels")},
        {QStringLiteral("payload"), QStringLiteral("payloadLevels")}};
    for (const QString &factor : factorNames()) {
        const auto old = earlier.find(factor);
        const QVariant fallback = old == earlier.end() ? QVariant() : settings.value(old->second);
        m_factors->setLevelsText(
            factor, settings.value(QStringLiteral("vary/") + factor, fallback).toString());
    }
    m_padWithZeros->setChecked(settings.value(QStringLiteral("padWithZeros"), false).toBool());
    m_runOrder->setCurrentIndex(
        std::max(0, m_runOrder->findData(settings.value(QStringLiteral("runOrder")).toString())));
    m_baseline->setValue(settings.value(QStringLiteral("baseline"), 60.0).toDouble());
    m_paperMethod->setChecked(settings.value(QStringLiteral("paperMethod"), false).toBool());
    m_settle->setValue(settings.value(QStringLiteral("settle"), 0.0).toDouble());
    m_postBaseline->setValue(settings.value(QStringLiteral("postBaseline"), 0.0).toDouble());
    m_idleBetween->setValue(settings.value(QStringLiteral("idleBetween"), 0.0).toDouble());
    m_conservative->setChecked(settings.value(QStringLiteral("conservative"), false).toBool());
    m_waitForQuiet->setChecked(settings.value(QStringLiteral("waitForQuiet"), false).toBool());
    m_waitForStable->setChecked(settings.value(QStringLiteral("waitForStable"), false).toBool());
    m_settleIsIdle->setChecked(settings.value(QStringLiteral("settleIsIdle"), false).toBool());
    m_pinGovernor->setChecked(settings.value(QStringLiteral("pinGovernor"), true).toBool());
    m_fixFrequency->setChecked(settings.value(QStringLiteral("fixFrequency"), false).toBool());
    m_noTurbo->setChecked(settings.value(QStringLiteral("noTurbo"), false).toBool());
    m_sources->setText(settings.value(QStringLiteral("sources")).toString());
    m_cyclesModel->setText(settings.value(QStringLiteral("cyclesModel")).toString());
    m_plan->setCommandsText(settings.value(QStringLiteral("commands")).toString());
    checkPlan(settings.value(QStringLiteral("plan")).toStringList());
    settings.endGroup();
}

void SetupPanel::save() const
{
    // A stored session's set-up is not the operator's form: what was there before stays saved.
    if (m_storedId > 0)
        return;
    QSettings settings;
    settings.beginGroup(QStringLiteral("setup"));
    settings.setValue(QStringLiteral("operator"), m_operator->text());
    settings.setValue(QStringLiteral("tags"), m_tags->text());
    settings.setValue(QStringLiteral("buffers"), m_buffers->text());
    settings.setValue(QStringLiteral("repeats"), m_repeats->value());
    for (const QString &factor : factorNames())
        settings.setValue(QStringLiteral("vary/") + factor, m_factors->levelsText(factor));
    settings.setValue(QStringLiteral("padWithZeros"), m_padWithZeros->isChecked());
    settings.setValue(QStringLiteral("runOrder"), m_runOrder->currentData());
    settings.setValue(QStringLiteral("baseline"), m_baseline->value());
    settings.setValue(QStringLiteral("paperMethod"), m_paperMethod->isChecked());
    settings.setValue(QStringLiteral("settle"), m_settle->value());
    settings.setValue(QStringLiteral("postBaseline"), m_postBaseline->value());
    settings.setValue(QStringLiteral("idleBetween"), m_idleBetween->value());
    settings.setValue(QStringLiteral("conservative"), m_conservative->isChecked());
    settings.setValue(QStringLiteral("waitForQuiet"), m_waitForQuiet->isChecked());
    settings.setValue(QStringLiteral("waitForStable"), m_waitForStable->isChecked());
    settings.setValue(QStringLiteral("settleIsIdle"), m_settleIsIdle->isChecked());
    settings.setValue(QStringLiteral("pinGovernor"), m_pinGovernor->isChecked());
    settings.setValue(QStringLiteral("fixFrequency"), m_fixFrequency->isChecked());
    settings.setValue(QStringLiteral("noTurbo"), m_noTurbo->isChecked());
    settings.setValue(QStringLiteral("sources"), m_sources->text());
    settings.setValue(QStringLiteral("cyclesModel"), m_cyclesModel->text());
    settings.setValue(QStringLiteral("commands"), m_plan->commandsText());
    settings.setValue(QStringLiteral("plan"), m_plan->chosen());
    settings.endGroup();
}

} // namespace cipherwatt::gui
