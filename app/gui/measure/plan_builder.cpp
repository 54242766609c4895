#include "measure/plan_builder.h"

#include "measure/meter_form.h" // errorLabel, showText

#include <QAbstractScrollArea>
#include <QCheckBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>

namespace cipherwatt::gui {

using core::CatalogueEntry;

namespace {

constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kBackendRole = Qt::UserRole + 2;
constexpr int kVisibleRows = 8;

// The form's red error label (meter_form.h), named for tests and style sheets.
QLabel *namedErrorLabel(QWidget *parent, const QString &name)
{
    QLabel *label = errorLabel(parent);
    label->setObjectName(name);
    return label;
}

// The entries of a plan spec: split at commas outside quotes (a program's arguments may hold
// quoted commas).
QStringList splitSpec(const QString &spec)
{
    QStringList out;
    QString current;
    QChar quote;
    for (const QChar c : spec) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
        } else if (c == QLatin1Char(',')) {
            out << current.trimmed();
            current.clear();
            continue;
        }
        current += c;
    }
    if (!current.trimmed().isEmpty())
        out << current.trimmed();
    out.removeAll(QString());
    return out;
}

} // namespace

const std::vector<PlanBuilder::Preset> &PlanBuilder::presets()
{
    // The ciphers of the four papers (../seeds/README.md), by CipherWatt's ids.
    static const std::vector<Preset> all{
        {QT_TR_NOOP("The first paper's ciphers (ChaCha20, AES-XTS, Adiantum, CHAM-XTS, LEA-XTS)"),
         {QStringLiteral("chacha20"), QStringLiteral("aes-128-xts"), QStringLiteral("aes-256-xts"),
          QStringLiteral("adiantum-xchacha20-aes"), QStringLiteral("cham-128-128-xts"),
          QStringLiteral("cham-128-256-xts"), QStringLiteral("lea-128-xts"),
          QStringLiteral("lea-256-xts")}},
        {QT_TR_NOOP("The second paper's ciphers (AES, Blowfish, RC4, RC6, X25519, XXTEA)"),
         {QStringLiteral("aes-128-cbc"), QStringLiteral("blowfish-128-cbc"),
          QStringLiteral("rc4-128"), QStringLiteral("rc6-128-cbc"), QStringLiteral("x25519"),
          QStringLiteral("xxtea-128-wide")}},
        {QT_TR_NOOP("The third paper's ciphers (AES-ECB, AES-CCM with 8- and 16-byte tags)"),
         {QStringLiteral("aes-128-ecb"), QStringLiteral("aes-128-ccm-8"),
          QStringLiteral("aes-128-ccm-16")}},
        {QT_TR_NOOP("The fourth paper's ciphers (AES, DES, 3DES, RC2, Blowfish, RC6)"),
         {QStringLiteral("aes-128-cbc"), QStringLiteral("des-56-cbc"),
          QStringLiteral("3des-168-cbc"), QStringLiteral("rc2-128-cbc"),
          QStringLiteral("blowfish-128-cbc"), QStringLiteral("rc6-128-cbc")}},
    };
    return all;
}

PlanBuilder::PlanBuilder(QWidget *parent)
    : QGroupBox(tr("Plan"), parent)
{
    auto *layout = new QVBoxLayout(this);

    auto *top = new QHBoxLayout;
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("planFilter"));
    m_filter->setPlaceholderText(tr("Filter: aes, xts, openssl…"));
    m_filter->setToolTip(tr("Shows the ciphers whose id, family, mode or backend contain every "
                            "word typed here"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &PlanBuilder::applyFilter);
    m_presets = new QPushButton(tr("Presets"), this);
    m_presets->setObjectName(QStringLiteral("planPresets"));
    m_presets->setToolTip(tr("The papers' cipher sets, each on the DUT's preferred backend"));
    auto *menu = new QMenu(m_presets);
    for (const Preset &p : presets())
        menu->addAction(tr(p.name), this, [this, &p] { applyPreset(p); });
    menu->addSeparator();
    menu->addAction(tr("Clear the Plan"), this, [this] { checkPlan({}); });
    m_presets->setMenu(menu);
    top->addWidget(m_filter, 1);
    top->addWidget(m_presets);
    layout->addLayout(top);

    m_available = new QTreeWidget(this);
    m_available->setObjectName(QStringLiteral("planTree"));
    m_available->setHeaderLabels({tr("Cipher/backend"), tr("Family, mode, key")});
    m_available->setRootIsDecorated(false);
    m_available->setUniformRowHeights(true);
    m_available->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_available->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_available->header()->setStretchLastSection(false);
    m_available->setToolTip(tr("Tick the ciphers to measure, on the backends the DUT has. The "
                               "wheel scrolls this list once it has been clicked."));
    const int row = m_available->fontMetrics().height() + 6;
    m_available->setFixedHeight(row * kVisibleRows + m_available->header()->sizeHint().height() +
                                4);
    // The wheel scrolls the panel this list sits in, until the list is clicked: the two do not
    // fight over it.
    m_available->viewport()->installEventFilter(this);
    connect(m_available, &QTreeWidget::itemChanged, this, &PlanBuilder::itemChanged);
    layout->addWidget(m_available);

    auto *chosenRow = new QHBoxLayout;
    m_chosenTitle = new QLabel(this);
    m_chosenTitle->setObjectName(QStringLiteral("chosenTitle"));
    m_remove = new QPushButton(tr("Remove"), this);
    m_remove->setObjectName(QStringLiteral("removeChosen"));
    m_remove->setToolTip(tr("Take the selected ciphers out of the plan (Delete)"));
    connect(m_remove, &QPushButton::clicked, this, &PlanBuilder::removeSelected);
    chosenRow->addWidget(m_chosenTitle, 1);
    chosenRow->addWidget(m_remove);
    layout->addLayout(chosenRow);
    m_chosenList = new QListWidget(this);
    m_chosenList->setObjectName(QStringLiteral("chosenList"));
    m_chosenList->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_chosenList->setToolTip(tr("What the session measures, in this order. Select and press "
                                "Delete, or double-click, to take one out."));
    m_chosenList->setMaximumHeight(row * 4 + 4);
    m_chosenList->installEventFilter(this);
    m_chosenList->viewport()->installEventFilter(this);
    connect(m_chosenList, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *item) {
        m_chosen.removeAll(item->data(kIdRole).toString());
        rebuildAvailable();
        rebuildChosen();
        emit changed();
    });
    connect(m_chosenList, &QListWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_chosenList->selectedItems().isEmpty()); });
    layout->addWidget(m_chosenList);

    auto *ops = new QHBoxLayout;
    m_encrypt = new QCheckBox(tr("Encryption"), this);
    m_encrypt->setObjectName(QStringLiteral("encryptRuns"));
    m_decrypt = new QCheckBox(tr("Decryption"), this);
    m_decrypt->setObjectName(QStringLiteral("decryptRuns"));
    m_keyOps = new QCheckBox(tr("Key generation and agreement"), this);
    for (QCheckBox *box : {m_encrypt, m_decrypt, m_keyOps}) {
        box->setChecked(true);
        connect(box, &QCheckBox::toggled, this, &PlanBuilder::changed);
        ops->addWidget(box);
    }
    m_encrypt->setToolTip(tr("Measure encryption runs."));
    m_decrypt->setToolTip(tr("Measure decryption runs (of real ciphertext)."));
    m_keyOps->setToolTip(tr("For key agreement (X25519): key generation and agreement runs."));
    ops->addStretch();
    layout->addLayout(ops);

    auto *commandsLabel =
        new QLabel(tr("External programs, one per line: <i>label</i>[:<i>bytes</i>]=<i>program "
                      "arguments</i>"),
                   this);
    commandsLabel->setWordWrap(true);
    layout->addWidget(commandsLabel);
    m_commands = new QPlainTextEdit(this);
    m_commands->setObjectName(QStringLiteral("externalPrograms"));
    m_commands->setPlaceholderText(tr("e.g. gzip:104857600=gzip -c -k /data/100MiB.bin"));
    m_commands->setTabChangesFocus(true);
    m_commands->setFixedHeight(m_commands->fontMetrics().lineSpacing() * 3 + 12);
    m_commands->setToolTip(
        tr("Programs measured as runs like the ciphers: started on the DUT without a shell "
           "(quotes group arguments), timed from start to exit. The bytes they process are given "
           "here or printed by the program as a line \"cipherwatt-bytes: <n>\"."));
    commandsLabel->setBuddy(m_commands);
    connect(m_commands, &QPlainTextEdit::textChanged, this, &PlanBuilder::changed);
    layout->addWidget(m_commands);
    m_commandsError = namedErrorLabel(this, QStringLiteral("commandsError"));
    layout->addWidget(m_commandsError);
    m_planError = namedErrorLabel(this, QStringLiteral("planError"));
    layout->addWidget(m_planError);
    rebuildChosen();
}

void PlanBuilder::setCatalogue(const std::vector<CatalogueEntry> &catalogue)
{
    m_catalogue = catalogue;
    // What was chosen stays chosen where the new DUT has it.
    QStringList kept;
    for (const QString &pair : std::as_const(m_chosen)) {
        const QString id = pair.section(QLatin1Char('/'), 0, 0);
        const QString backend = pair.section(QLatin1Char('/'), 1);
        const auto c = std::find_if(m_catalogue.begin(), m_catalogue.end(),
                                    [&](const CatalogueEntry &e) { return e.id == id; });
        if (c != m_catalogue.end() && c->backends.contains(backend))
            kept << pair;
    }
    m_chosen = kept;
    rebuildAvailable();
    rebuildChosen();
    emit changed();
}

void PlanBuilder::rebuildAvailable()
{
    const QSignalBlocker block(m_available);
    m_available->clear();
    std::vector<const CatalogueEntry *> sorted;
    for (const CatalogueEntry &c : m_catalogue)
        sorted.push_back(&c);
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto *a, const auto *b) {
        return a->family.compare(b->family, Qt::CaseInsensitive) < 0;
    });
    for (const CatalogueEntry *c : sorted) {
        for (const QString &backend : c->backends) {
            const QString pair = c->id + QLatin1Char('/') + backend;
            auto *item = new QTreeWidgetItem(
                m_available,
                {pair, c->keyBits > 0 ? tr("%1, %2, %3-bit").arg(c->family, c->mode).arg(c->keyBits)
                                      : tr("%1, %2").arg(c->family, c->mode)});
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setData(0, kIdRole, c->id);
            item->setData(0, kBackendRole, backend);
            item->setCheckState(0, m_chosen.contains(pair) ? Qt::Checked : Qt::Unchecked);
        }
    }
    applyFilter();
}

void PlanBuilder::rebuildChosen()
{
    m_chosenList->clear();
    for (const QString &pair : std::as_const(m_chosen)) {
        auto *item = new QListWidgetItem(pair, m_chosenList);
        item->setData(kIdRole, pair);
    }
    m_chosenTitle->setText(m_chosen.isEmpty()
                               ? tr("Nothing chosen yet")
                               : tr("Chosen: %n", nullptr, static_cast<int>(m_chosen.size())));
    m_chosenList->setVisible(!m_chosen.isEmpty());
    m_remove->setVisible(!m_chosen.isEmpty());
    m_remove->setEnabled(false);
}

void PlanBuilder::applyFilter()
{
    const QStringList words =
        m_filter->text().simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (int i = 0; i < m_available->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_available->topLevelItem(i);
        const QString text = item->text(0) + QLatin1Char(' ') + item->text(1);
        const bool shown = std::all_of(words.begin(), words.end(), [&](const QString &w) {
            return text.contains(w, Qt::CaseInsensitive);
        });
        item->setHidden(!shown);
    }
}

void PlanBuilder::setFilter(const QString &text)
{
    m_filter->setText(text);
}

QStringList PlanBuilder::shownPairs() const
{
    QStringList out;
    for (int i = 0; i < m_available->topLevelItemCount(); ++i) {
        if (!m_available->topLevelItem(i)->isHidden())
            out << m_available->topLevelItem(i)->text(0);
    }
    return out;
}

void PlanBuilder::itemChanged(QTreeWidgetItem *item)
{
    const QString pair = item->text(0);
    if (item->checkState(0) == Qt::Checked && !m_chosen.contains(pair))
        m_chosen << pair;
    else if (item->checkState(0) != Qt::Checked)
        m_chosen.removeAll(pair);
    rebuildChosen();
    emit changed();
}

void PlanBuilder::removeSelected()
{
    for (const QListWidgetItem *item : m_chosenList->selectedItems())
        m_chosen.removeAll(item->data(kIdRole).toString());
    rebuildAvailable();
    rebuildChosen();
    emit changed();
}

void PlanBuilder::checkPlan(const QStringList &cipherSlashBackend)
{
    m_chosen = cipherSlashBackend;
    m_chosen.removeDuplicates();
    // Without a catalogue yet the choice waits for it (setCatalogue keeps what it has).
    if (!m_catalogue.empty())
        rebuildAvailable();
    rebuildChosen();
    emit changed();
}

QStringList PlanBuilder::presetPairs(const Preset &preset) const
{
    static const QStringList preferred{QStringLiteral("openssl"), QStringLiteral("botan"),
                                       QStringLiteral("custom")};
    QStringList pairs;
    for (const QString &id : preset.ciphers) {
        const auto c = std::find_if(m_catalogue.begin(), m_catalogue.end(),
                                    [&](const CatalogueEntry &e) { return e.id == id; });
        if (c == m_catalogue.end() || c->backends.isEmpty())
            continue;
        QString backend = c->backends.front();
        for (const QString &b : preferred) {
            if (c->backends.contains(b)) {
                backend = b;
                break;
            }
        }
        pairs << id + QLatin1Char('/') + backend;
    }
    return pairs;
}

void PlanBuilder::applyPreset(const Preset &preset)
{
    checkPlan(presetPairs(preset));
    const qsizetype missing = preset.ciphers.size() - m_chosen.size();
    showProblem(missing > 0 ? tr("%n of the preset's ciphers are not on this DUT.", nullptr,
                                 static_cast<int>(missing))
                            : QString());
}

void PlanBuilder::showPlan(const QString &spec)
{
    QStringList pairs;
    QStringList commands;
    QStringList operations;
    static const QStringList known{QStringLiteral("encrypt"), QStringLiteral("decrypt"),
                                   QStringLiteral("keygen"), QStringLiteral("agree")};
    for (const QString &entry : splitSpec(spec)) {
        if (entry.startsWith(QLatin1String("cmd:"))) {
            commands << entry.mid(4);
            continue;
        }
        // "<cipher>[/<backend>][:<op>[+<op>]...]"; a backend may itself hold a colon
        // ("plugin:xtea"), so the operations are what follows the last one, if they are ops.
        QString cipherPart = entry;
        const qsizetype colon = entry.lastIndexOf(QLatin1Char(':'));
        if (colon > 0) {
            const QStringList ops = entry.mid(colon + 1).split(QLatin1Char('+'));
            if (std::all_of(ops.begin(), ops.end(),
                            [&](const QString &o) { return known.contains(o); })) {
                operations << ops;
                cipherPart = entry.left(colon);
            }
        }
        if (cipherPart.contains(QLatin1Char('/'))) {
            pairs << cipherPart;
            continue;
        }
        // No backend: every one the DUT has, as the command line reads it.
        const auto c = std::find_if(m_catalogue.begin(), m_catalogue.end(),
                                    [&](const CatalogueEntry &e) { return e.id == cipherPart; });
        if (c != m_catalogue.end()) {
            for (const QString &b : c->backends)
                pairs << cipherPart + QLatin1Char('/') + b;
        }
    }
    if (operations.isEmpty())
        operations = known;
    checkPlan(pairs);
    m_encrypt->setChecked(operations.contains(QStringLiteral("encrypt")));
    m_decrypt->setChecked(operations.contains(QStringLiteral("decrypt")));
    m_keyOps->setChecked(operations.contains(QStringLiteral("keygen")) ||
                         operations.contains(QStringLiteral("agree")));
    m_commands->setPlainText(commands.join(QLatin1Char('\n')));
}

QString PlanBuilder::planSpec() const
{
    QStringList crypt;
    if (m_encrypt->isChecked())
        crypt << QStringLiteral("encrypt");
    if (m_decrypt->isChecked())
        crypt << QStringLiteral("decrypt");
    QStringList entries;
    for (const QString &pair : m_chosen) {
        const QString id = pair.section(QLatin1Char('/'), 0, 0);
        const auto c = std::find_if(m_catalogue.begin(), m_catalogue.end(),
                                    [&](const CatalogueEntry &e) { return e.id == id; });
        if (c == m_catalogue.end())
            continue;
        QStringList ops;
        if (c->keyAgreement()) {
            if (m_keyOps->isChecked())
                ops = {QStringLiteral("keygen"), QStringLiteral("agree")};
        } else {
            ops = crypt;
        }
        if (!ops.isEmpty())
            entries << QStringLiteral("%1:%2").arg(pair, ops.join(QLatin1Char('+')));
    }
    entries << commandEntries(nullptr);
    return entries.join(QLatin1Char(','));
}

QStringList PlanBuilder::commandEntries(QString *problem) const
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

QString PlanBuilder::problem() const
{
    const bool commands = !commandEntries(nullptr).isEmpty();
    if (m_catalogue.empty() && !commands)
        return tr("The DUT's ciphers are not known yet: press Check.");
    if (commands && planSpec() == commandEntries(nullptr).join(QLatin1Char(',')))
        return {}; // only external programs: fine
    if (!m_encrypt->isChecked() && !m_decrypt->isChecked() && !m_keyOps->isChecked())
        return tr("Choose at least one operation.");
    if (planSpec().isEmpty())
        return tr("Tick at least one cipher and backend (with an operation it has).");
    return {};
}

void PlanBuilder::showProblem(const QString &text)
{
    showText(m_planError, text);
}

QString PlanBuilder::commandsText() const
{
    return m_commands->toPlainText();
}

void PlanBuilder::setCommandsText(const QString &text)
{
    m_commands->setPlainText(text);
}

void PlanBuilder::setCommandsProblem(const QString &text)
{
    showText(m_commandsError, text);
}

bool PlanBuilder::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel && watched == m_available->viewport() &&
        !m_available->hasFocus()) {
        // To the scrolling panel around: the nearest scroll area above this box.
        for (QWidget *w = parentWidget(); w != nullptr; w = w->parentWidget()) {
            if (auto *area = qobject_cast<QAbstractScrollArea *>(w)) {
                QCoreApplication::sendEvent(area->viewport(), event);
                return true;
            }
        }
    }
    if (event->type() == QEvent::KeyPress && watched == m_chosenList) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Delete || key->key() == Qt::Key_Backspace) {
            removeSelected();
            return true;
        }
    }
    return QGroupBox::eventFilter(watched, event);
}

} // namespace cipherwatt::gui
