#include "measure/setup_panel.h"

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
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

namespace cipherwatt::gui {

using namespace core;

namespace {

constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kBackendRole = Qt::UserRole + 2;

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

    auto *planBox = new QGroupBox(tr("Plan"), this);
    auto *planLayout = new QVBoxLayout(planBox);
    m_plan = new QTreeWidget(planBox);
    m_plan->setObjectName(QStringLiteral("planTree"));
    m_plan->setHeaderLabels({tr("Cipher and backend"), tr("Mode, key")});
    m_plan->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_plan->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_plan->setMinimumHeight(180);
    m_plan->setToolTip(tr("Tick the ciphers to measure, on the backends the DUT has."));
    planLayout->addWidget(m_plan);
    auto *ops = new QHBoxLayout;
    m_encrypt = new QCheckBox(tr("Encryption"), planBox);
    m_decrypt = new QCheckBox(tr("Decryption"), planBox);
    m_decrypt->setObjectName(QStringLiteral("decryptRuns"));
    m_keyOps = new QCheckBox(tr("Key generation and agreement"), planBox);
    m_encrypt->setChecked(true);
    m_decrypt->setChecked(true);
    m_keyOps->setChecked(true);
    m_encrypt->setToolTip(tr("Measure encryption runs."));
    m_decrypt->setToolTip(tr("Measure decryption runs (of real ciphertext)."));
    m_keyOps->setToolTip(tr("For key agreement (X25519): key generation and agreement runs."));
    ops->addWidget(m_encrypt);
    ops->addWidget(m_decrypt);
    ops->addWidget(m_keyOps);
    ops->addStretch();
    planLayout->addLayout(ops);
    auto *commandsLabel =
        new QLabel(tr("External programs, one per line: <i>label</i>[:<i>bytes</i>]=<i>program "
                      "arguments</i>"),
                   planBox);
    planLayout->addWidget(commandsLabel);
    m_commands = new QPlainTextEdit(planBox);
    m_commands->setObjectName(QStringLiteral("externalPrograms"));
    m_commands->setPlaceholderText(tr("e.g. gzip:104857600=gzip -c -k /data/100MiB.bin"));
    m_commands->setTabChangesFocus(true);
    m_commands->setFixedHeight(m_commands->fontMetrics().lineSpacing() * 3 + 12);
    m_commands->setToolTip(
        tr("Programs measured as runs like the ciphers: started on the DUT without a shell "
           "(quotes group arguments), timed from start to exit. The bytes they process are given "
           "here or printed by the program as a line \"cipherwatt-bytes: <n>\"."));
    commandsLabel->setBuddy(m_commands);
    connect(m_commands, &QPlainTextEdit::textChanged, this, &SetupPanel::changed);
    planLayout->addWidget(m_commands);
    m_commandsError = addError(planBox);
    m_commandsError->setObjectName(QStringLiteral("commandsError"));
    planLayout->addWidget(m_commandsError);
    m_planError = addError(planBox);
    m_planError->setObjectName(QStringLiteral("planError"));
    planLayout->addWidget(m_planError);
    layout->addWidget(planBox);

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
    runsForm->addRow(tr("Settle before runs:"), m_settle);
    m_postBaseline = new QDoubleSpinBox(runsBox);
    m_postBaseline->setRange(0, 86400);
    m_postBaseline->setSuffix(tr(" s"));
    m_postBaseline->setToolTip(tr("Idle again after the runs to measure drift (0: none)."));
    runsForm->addRow(tr("Idle after runs:"), m_postBaseline);
    layout->addWidget(runsBox);

    auto *dutBox = new QGroupBox(tr("CPU"), this);
    auto *dutForm = new QFormLayout(dutBox);
    m_pinGovernor = new QCheckBox(tr("Pin the governor to performance"), dutBox);
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
    layout->addWidget(dutBox);
    layout->addStretch();

    for (QLineEdit *edit : {m_label, m_buffers})
        connect(edit, &QLineEdit::textChanged, this, &SetupPanel::changed);
    connect(m_plan, &QTreeWidget::itemChanged, this, &SetupPanel::changed);
}

void SetupPanel::setCatalogue(const std::vector<CatalogueEntry> &catalogue)
{
    QStringList checked = m_pendingChecks;
    for (QTreeWidgetItemIterator it(m_plan); *it; ++it) {
        if ((*it)->data(0, kBackendRole).isValid() && (*it)->checkState(0) == Qt::Checked)
            checked << (*it)->data(0, kIdRole).toString() + QLatin1Char('/') +
                           (*it)->data(0, kBackendRole).toString();
    }
    m_pendingChecks.clear();
    m_catalogue = catalogue;
    const QSignalBlocker block(m_plan);
    m_plan->clear();
    std::map<QString, QTreeWidgetItem *> families;
    for (const CatalogueEntry &c : catalogue) {
        if (c.backends.isEmpty())
            continue;
        QTreeWidgetItem *&family = families[c.family];
        if (family == nullptr) {
            family = new QTreeWidgetItem(m_plan, {c.family});
            family->setFlags(family->flags() | Qt::ItemIsAutoTristate | Qt::ItemIsUserCheckable);
            family->setCheckState(0, Qt::Unchecked);
        }
        auto *cipher =
            new QTreeWidgetItem(family, {c.id, tr("%1, %2-bit").arg(c.mode).arg(c.keyBits)});
        cipher->setFlags(cipher->flags() | Qt::ItemIsAutoTristate | Qt::ItemIsUserCheckable);
        cipher->setCheckState(0, Qt::Unchecked);
        for (const QString &backend : c.backends) {
            auto *b = new QTreeWidgetItem(cipher, {backend});
            b->setFlags(b->flags() | Qt::ItemIsUserCheckable);
            b->setData(0, kIdRole, c.id);
            b->setData(0, kBackendRole, backend);
            b->setCheckState(0, checked.contains(c.id + QLatin1Char('/') + backend)
                                    ? Qt::Checked
                                    : Qt::Unchecked);
        }
    }
    emit changed();
}

void SetupPanel::checkPlan(const QStringList &cipherSlashBackend)
{
    if (m_catalogue.empty()) {
        m_pendingChecks = cipherSlashBackend;
        return;
    }
    for (QTreeWidgetItemIterator it(m_plan); *it; ++it) {
        if (!(*it)->data(0, kBackendRole).isValid())
            continue;
        const QString key = (*it)->data(0, kIdRole).toString() + QLatin1Char('/') +
                            (*it)->data(0, kBackendRole).toString();
        (*it)->setCheckState(0, cipherSlashBackend.contains(key) ? Qt::Checked : Qt::Unchecked);
    }
}

QString SetupPanel::planSpec() const
{
    QStringList crypt;
    if (m_encrypt->isChecked())
        crypt << QStringLiteral("encrypt");
    if (m_decrypt->isChecked())
        crypt << QStringLiteral("decrypt");
    QStringList entries;
    for (QTreeWidgetItemIterator it(m_plan); *it; ++it) {
        if (!(*it)->data(0, kBackendRole).isValid() || (*it)->checkState(0) != Qt::Checked)
            continue;
        const QString id = (*it)->data(0, kIdRole).toString();
        const auto c = std::find_if(m_catalogue.begin(), m_catalogue.end(),
                                    [&](const CatalogueEntry &e) { return e.id == id; });
        QStringList ops;
        if (c != m_catalogue.end() && c->keyAgreement()) {
            if (m_keyOps->isChecked())
                ops = {QStringLiteral("keygen"), QStringLiteral("agree")};
        } else {
            ops = crypt;
        }
        if (!ops.isEmpty())
            entries << QStringLiteral("%1/%2:%3")
                           .arg(id, (*it)->data(0, kBackendRole).toString(),
                                ops.join(QLatin1Char('+')));
    }
    entries << commandEntries(nullptr);
    return entries.join(QLatin1Char(','));
}

QStringList SetupPanel::commandEntries(QString *problem) const
{
    QStringList entries;
    const QStringList lines = m_commands->toPlainText().split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        const QString entry = QStringLiteral("cmd:") + line;
        if (problem != nullptr && problem->isEmpty()) {
            // Each line must be exactly one entry: an unquoted comma would split it.
            const auto parsed = core::resolvePlan(entry, {});
            if (!parsed)
                *problem = tr("Line %1: %2").arg(i + 1).arg(parsed.error().message.translated());
            else if (parsed->size() != 1)
                *problem = tr("Line %1: quote arguments that contain commas.").arg(i + 1);
        }
        entries << entry;
    }
    return entries;
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
    const bool commands = !commandEntries(&commandProblem).isEmpty();
    showError(m_commandsError, commandProblem);
    ok = ok && commandProblem.isEmpty();
    if (m_catalogue.empty() && !commands) {
        showError(m_planError, tr("The DUT's ciphers are not known yet: press Check."));
        ok = false;
    } else if (commands && planSpec() == commandEntries(nullptr).join(QLatin1Char(','))) {
        showError(m_planError, {}); // only external programs: fine
    } else if (!m_encrypt->isChecked() && !m_decrypt->isChecked() && !m_keyOps->isChecked()) {
        showError(m_planError, tr("Choose at least one operation."));
        ok = false;
    } else if (planSpec().isEmpty()) {
        showError(m_planError,
                  tr("Tick at least one cipher and backend (with an operation it has)."));
        ok = false;
    } else {
        showError(m_planError, {});
    }
    QString problem;
    bufferSizes(&problem);
    showError(m_buffersError, problem);
    ok = ok && problem.isEmpty();
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
    s.postBaselineSeconds = m_postBaseline->value();
    s.pinGovernor = m_pinGovernor->isChecked();
    s.fixFrequency = m_pinGovernor->isChecked() && m_fixFrequency->isChecked();
    s.disableTurbo = m_pinGovernor->isChecked() && m_noTurbo->isChecked();
    s.cpu = m_cpu->currentData().toInt();
    return s;
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

void SetupPanel::restore()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("setup"));
    m_operator->setText(settings.value(QStringLiteral("operator")).toString());
    m_tags->setText(settings.value(QStringLiteral("tags")).toString());
    m_buffers->setText(settings.value(QStringLiteral("buffers"), m_buffers->text()).toString());
    m_repeats->setValue(settings.value(QStringLiteral("repeats"), 1).toInt());
    m_baseline->setValue(settings.value(QStringLiteral("baseline"), 60.0).toDouble());
    m_paperMethod->setChecked(settings.value(QStringLiteral("paperMethod"), false).toBool());
    m_settle->setValue(settings.value(QStringLiteral("settle"), 0.0).toDouble());
    m_postBaseline->setValue(settings.value(QStringLiteral("postBaseline"), 0.0).toDouble());
    m_pinGovernor->setChecked(settings.value(QStringLiteral("pinGovernor"), true).toBool());
    m_fixFrequency->setChecked(settings.value(QStringLiteral("fixFrequency"), false).toBool());
    m_noTurbo->setChecked(settings.value(QStringLiteral("noTurbo"), false).toBool());
    m_commands->setPlainText(settings.value(QStringLiteral("commands")).toString());
    checkPlan(settings.value(QStringLiteral("plan")).toStringList());
    settings.endGroup();
}

void SetupPanel::save() const
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("setup"));
    settings.setValue(QStringLiteral("operator"), m_operator->text());
    settings.setValue(QStringLiteral("tags"), m_tags->text());
    settings.setValue(QStringLiteral("buffers"), m_buffers->text());
    settings.setValue(QStringLiteral("repeats"), m_repeats->value());
    settings.setValue(QStringLiteral("baseline"), m_baseline->value());
    settings.setValue(QStringLiteral("paperMethod"), m_paperMethod->isChecked());
    settings.setValue(QStringLiteral("settle"), m_settle->value());
    settings.setValue(QStringLiteral("postBaseline"), m_postBaseline->value());
    settings.setValue(QStringLiteral("pinGovernor"), m_pinGovernor->isChecked());
    settings.setValue(QStringLiteral("fixFrequency"), m_fixFrequency->isChecked());
    settings.setValue(QStringLiteral("noTurbo"), m_noTurbo->isChecked());
    settings.setValue(QStringLiteral("commands"), m_commands->toPlainText());
    QStringList plan;
    for (QTreeWidgetItemIterator it(m_plan); *it; ++it) {
        if ((*it)->data(0, kBackendRole).isValid() && (*it)->checkState(0) == Qt::Checked)
            plan << (*it)->data(0, kIdRole).toString() + QLatin1Char('/') +
                        (*it)->data(0, kBackendRole).toString();
    }
    settings.setValue(QStringLiteral("plan"), plan);
    settings.endGroup();
}

} // namespace cipherwatt::gui
