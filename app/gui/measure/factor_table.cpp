#include "factor_table.h"

#include <cipherwatt/core/plan.h>

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cipherwatt::gui {

using namespace core;

namespace {

enum Column { kFactor, kLevels, kRuns };

struct FactorRow
{
    const char *name; // as `--vary` takes it
    const char *title;
    const char *placeholder; // what an empty row means, and an example
    const char *hint;
};

// In factorNames()'s order.
const FactorRow kRows[] = {
    {"isa", QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable", "ISA levels"),
     QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable", "the worker's level; e.g. portable, neon"),
     QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable",
                       "Every cipher run at each instruction-set level (portable, sse2, avx2, "
                       "avx512, neon), side by side, each compared with the first. The custom "
                       "code and Botan follow it; OpenSSL keeps the worker's level.")},
    {"freq", QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable", "CPU frequencies"),
     QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable",
                       "the session's pinning; e.g. 800MHz, 1.6GHz or 600MHz..1.5GHz/10"),
     QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable",
                       "Every run with the CPUs pinned at each frequency, read back, after an "
                       "idle window at it. A level the DUT refuses is recorded and its runs "
                       "skipped. Levels of the DUT's frequency table: cipherwatt-bench governor "
                       "show.")},
    {"governor", QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable", "CPU governors"),
     QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable",
                       "the session's pinning; e.g. performance, schedutil"),
     QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable",
                       "Every run under each governor (performance, powersave, userspace, "
                       "ondemand, conservative, schedutil), pinned and read back, after an idle "
                       "window under it; each compared with the first. Not with CPU "
                       "frequencies.")},
    {"chunking", QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable", "Chunking"),
     QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable", "messages; e.g. message, stream"),
     QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable",
                       "message: every buffer a message of its own (the papers' method); "
                       "stream: one long message a buffer at a time, the key stream continuing "
                       "(what openssl speed measures), for stream ciphers and CTR only; other "
                       "ciphers run as messages alone.")},
    {"payload", QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable", "Payloads"),
     QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable",
                       "random bytes; e.g. random, zeros, file:/data/text.txt"),
     QT_TRANSLATE_NOOP("cipherwatt::gui::FactorTable",
                       "What every cipher run encrypts, each compared with the first: random "
                       "bytes, zeros, or the first buffer's worth of a file on the DUT (absolute "
                       "path). These ciphers do the same work whatever the data: the results say "
                       "whether any payload differs.")},
};

int rowOf(const QString &factor)
{
    for (int i = 0; i < static_cast<int>(std::size(kRows)); ++i) {
        if (factor == QLatin1String(kRows[i].name))
            return i;
    }
    return -1;
}

// The number of levels a row's text gives (0: empty or wrong).
int levelCount(const QString &factor, const QString &text)
{
    if (text.trimmed().isEmpty())
        return 0;
    SessionSettings s;
    if (!applyFactor(s, factor + QLatin1Char('=') + text))
        return 0;
    if (factor == QLatin1String("freq"))
        return static_cast<int>(s.frequencyLevelsKHz.size());
    return static_cast<int>(std::max({s.isaLevels.size(), s.governorLevels.size(),
                                      s.chunkingLevels.size(), s.payloadLevels.size()}));
}

} // namespace

FactorTable::FactorTable(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_table = new QTableWidget(static_cast<int>(std::size(kRows)), 3, this);
    m_table->setObjectName(QStringLiteral("factorTable"));
    m_table->setHorizontalHeaderLabels({tr("Factor"), tr("Levels (as --vary takes them)"), {}});
    m_table->horizontalHeaderItem(kRuns)->setToolTip(
        tr("How many levels the factor has: each run is made at each (chunking: stream at "
           "stream ciphers and CTR only)."));
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::AllEditTriggers);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->horizontalHeader()->setSectionResizeMode(kFactor, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(kLevels, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(kRuns, QHeaderView::ResizeToContents);
    for (int i = 0; i < m_table->rowCount(); ++i) {
        auto *name = new QTableWidgetItem(tr(kRows[i].title));
        name->setFlags(Qt::ItemIsEnabled);
        name->setToolTip(tr(kRows[i].hint));
        m_table->setItem(i, kFactor, name);
        auto *levels = new QTableWidgetItem;
        levels->setToolTip(tr(kRows[i].hint) + QStringLiteral("\n\n") +
                           tr("Empty: %1.").arg(tr(kRows[i].placeholder)));
        m_table->setItem(i, kLevels, levels);
        auto *runs = new QTableWidgetItem;
        runs->setFlags(Qt::ItemIsEnabled);
        runs->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(i, kRuns, runs);
    }
    // Every row shown: the table is as tall as its rows.
    m_table->resizeRowsToContents();
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int i = 0; i < m_table->rowCount(); ++i)
        height += m_table->rowHeight(i);
    m_table->setFixedHeight(height);
    layout->addWidget(m_table);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("factorError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_error->setVisible(false);
    layout->addWidget(m_error);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (item->column() != kLevels)
            return;
        updateCounts();
        emit changed();
    });
    updateCounts();
}

void FactorTable::applyTo(SessionSettings &settings, QString *problem) const
{
    for (int i = 0; i < m_table->rowCount(); ++i) {
        const QString name = QLatin1String(kRows[i].name);
        clearFactor(settings, name);
    }
    for (int i = 0; i < m_table->rowCount(); ++i) {
        const QString name = QLatin1String(kRows[i].name);
        const QString text = m_table->item(i, kLevels)->text().trimmed();
        if (text.isEmpty())
            continue;
        if (const auto r = applyFactor(settings, name + QLatin1Char('=') + text); !r) {
            if (problem != nullptr)
                *problem = tr("%1: %2").arg(tr(kRows[i].title), r.error().message.translated());
            return;
        }
    }
}

bool FactorTable::validate()
{
    SessionSettings s;
    QString problem;
    applyTo(s, &problem);
    m_error->setText(problem);
    m_error->setVisible(!problem.isEmpty());
    const QString bad = problem.section(QStringLiteral(": "), 0, 0);
    for (int i = 0; i < m_table->rowCount(); ++i) {
        const bool marked = !problem.isEmpty() && tr(kRows[i].title) == bad;
        m_table->item(i, kLevels)->setBackground(marked ? QColor(0xff, 0xeb, 0xee) : QBrush());
    }
    return problem.isEmpty();
}

void FactorTable::show(const SessionSettings &settings)
{
    const QSignalBlocker blocker(m_table);
    for (int i = 0; i < m_table->rowCount(); ++i) {
        QString text = factorLevelsText(settings, QLatin1String(kRows[i].name));
        text.replace(QLatin1Char(','), QStringLiteral(", "));
        m_table->item(i, kLevels)->setText(text);
    }
    updateCounts();
}

QString FactorTable::levelsText(const QString &factor) const
{
    const int row = rowOf(factor);
    return row < 0 ? QString() : m_table->item(row, kLevels)->text();
}

void FactorTable::setLevelsText(const QString &factor, const QString &text)
{
    if (const int row = rowOf(factor); row >= 0)
        m_table->item(row, kLevels)->setText(text);
}

void FactorTable::updateCounts()
{
    const QSignalBlocker blocker(m_table);
    for (int i = 0; i < m_table->rowCount(); ++i) {
        const int n = levelCount(QLatin1String(kRows[i].name), m_table->item(i, kLevels)->text());
        m_table->item(i, kRuns)->setText(n > 1 ? QStringLiteral("× %1").arg(n) : QString());
    }
}

} // namespace cipherwatt::gui
