#include "messages.h"

#include <cipherwatt/core/plan.h>

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace cipherwatt::core {

bool CatalogueEntry::keyAgreement() const
{
    return operations.contains(QStringLiteral("agree"));
}

namespace {

constexpr QLatin1StringView kPluginPrefix("plugin:");

Error planError(const Message &message)
{
    return Error{ErrorCode::Usage, Message(msg::kPlan).arg(message)};
}

} // namespace

Result<QStringList> splitCommandLine(const QString &line)
{
    QStringList words;
    QString word;
    bool inWord = false;
    QChar quote;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            if (c == quote) {
                quote = QChar();
            } else if (c == QLatin1Char('\\') && quote == QLatin1Char('"') && i + 1 < line.size() &&
                       (line[i + 1] == QLatin1Char('"') || line[i + 1] == QLatin1Char('\\'))) {
                word += line[++i];
            } else {
                word += c;
            }
            continue;
        }
        if (c.isSpace()) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
            inWord = true;
        } else if (c == QLatin1Char('\\') && i + 1 < line.size()) {
            word += line[++i];
            inWord = true;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (!quote.isNull())
        return planError(Message(msg::kPlanUnclosedQuote).arg(QString(quote), line));
    if (inWord)
        words << word;
    return words;
}

namespace {

// Splits on commas outside quotes, so a command's arguments may contain commas when quoted.
QStringList splitEntries(const QString &spec)
{
    QStringList items;
    QString current;
    QChar quote;
    for (const QChar c : spec) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
        } else if (c == QLatin1Char(',')) {
            if (!current.trimmed().isEmpty())
                items << current.trimmed();
            current.clear();
            continue;
        }
        current += c;
    }
    if (!current.trimmed().isEmpty())
        items << current.trimmed();
    return items;
}

Result<PlanEntry> commandEntry(const QString &item)
{
    const qsizetype eq = item.indexOf(QLatin1Char('='));
    if (eq < 0)
        return planError(Message(msg::kPlanCommandForm).arg(item));
    const QStringList head = item.mid(4, eq - 4).split(QLatin1Char(':'));
    static const QRegularExpression labelPattern(QStringLiteral("^[A-Za-z0-9._-]{1,64}$"));
    PlanEntry e;
    const QString label = head.value(0);
    if (!labelPattern.match(label).hasMatch() || head.size() > 2)
        return planError(Message(msg::kPlanCommandLabel).arg(item.left(eq)));
    if (head.size() == 2) {
        bool ok = false;
        e.commandBytes = head[1].toLongLong(&ok);
        if (!ok || e.commandBytes <= 0)
            return planError(Message(msg::kPlanCommandBytes).arg(item.left(eq)));
    }
    auto words = splitCommandLine(item.mid(eq + 1));
    if (!words)
        return words.error();
    if (words->isEmpty())
        return planError(Message(msg::kPlanNoProgram).arg(item.left(eq)));
    e.cipher = QStringLiteral("cmd:") + label;
    e.backend = QStringLiteral("external");
    e.operation = QStringLiteral("run");
    e.command = *words;
    return e;
}

} // namespace

Result<std::vector<PlanEntry>> resolvePlan(const QString &spec,
                                           const std::vector<CatalogueEntry> &catalogue)
{
    std::vector<PlanEntry> out;
    const QStringList items = splitEntries(spec);
    if (items.isEmpty())
        return planError(Message(msg::kPlanEmpty));
    for (const QString &raw : items) {
        const QString item = raw.trimmed();
        if (item.startsWith(QLatin1String("cmd:"))) {
            auto e = commandEntry(item);
            if (!e)
                return e.error();
            if (std::any_of(out.begin(), out.end(),
                            [&](const PlanEntry &x) { return x.cipher == e->cipher; }))
                return planError(Message(msg::kPlanDuplicateCommand).arg(e->cipher.mid(4)));
            out.push_back(*e);
            continue;
        }
        QString head = item;
        QStringList ops;
        // A plugin's backend has a colon of its own: xtea-128-cbc/plugin:xtea:encrypt.
        qsizetype opsFrom = 0;
        if (const qsizetype slash = item.indexOf(QLatin1Char('/'));
            slash >= 0 && QStringView(item).mid(slash + 1).startsWith(kPluginPrefix))
            opsFrom = slash + 1 + kPluginPrefix.size();
        if (const qsizetype colon = item.indexOf(QLatin1Char(':'), opsFrom); colon >= 0) {
            head = item.left(colon);
            ops = item.mid(colon + 1).split(QLatin1Char('+'));
            if (ops.contains(QString()))
                return planError(Message(msg::kPlanEmptyOperation).arg(item));
        }
        QString id = head;
        QString backend;
        if (const qsizetype slash = head.indexOf(QLatin1Char('/')); slash >= 0) {
            id = head.left(slash);
            backend = head.mid(slash + 1);
        }
        const auto found = std::find_if(catalogue.begin(), catalogue.end(),
                                        [&](const CatalogueEntry &e) { return e.id == id; });
        if (found == catalogue.end()) {
            QStringList ids;
            for (const CatalogueEntry &e : catalogue)
                ids << e.id;
            const Message plugin =
                backend.startsWith(kPluginPrefix)
                    ? Message(msg::kPlanNoPlugin).arg(backend.mid(kPluginPrefix.size()))
                    : Message::plain(QString());
            return planError(
                Message(msg::kPlanUnknownCipher).arg(id, plugin, ids.join(QStringLiteral(", "))));
        }
        if (found->backends.isEmpty())
            return planError(Message(msg::kPlanNoBackend).arg(id));
        QStringList backends = found->backends;
        if (!backend.isEmpty()) {
            if (!found->backends.contains(backend))
                return planError(Message(msg::kPlanNoSuchBackend)
                                     .arg(id, backend, found->backends.join(QStringLiteral(", "))));
            backends = {backend};
        }
        if (ops.isEmpty())
            ops = found->keyAgreement()
                      ? QStringList{QStringLiteral("keygen"), QStringLiteral("agree")}
                      : QStringList{QStringLiteral("encrypt"), QStringLiteral("decrypt")};
        for (const QString &op : ops) {
            if (!found->operations.contains(op))
                return planError(Message(msg::kPlanNoSuchOperation)
                                     .arg(id, op, found->operations.join(QStringLiteral(", "))));
        }
        for (const QString &b : backends) {
            for (const QString &op : ops) {
                PlanEntry e;
                e.cipher = id;
                e.backend = b;
                e.operation = op;
                const bool duplicate = std::any_of(out.begin(), out.end(), [&](const PlanEntry &x) {
                    return x.cipher == e.cipher && x.backend == e.backend &&
                           x.operation == e.operation;
                });
                if (!duplicate)
                    out.push_back(e);
            }
        }
    }
    return out;
}

std::vector<PlannedRun>
expandPlan(const std::vector<PlanEntry> &entries, const std::vector<CatalogueEntry> &catalogue,
           const std::vector<std::size_t> &bufferSizes, int repeats, const QStringList &isaLevels,
           const std::vector<std::uint64_t> &frequencyLevelsKHz, const QStringList &payloadLevels,
           const QStringList &governorLevels, const QStringList &chunkingLevels)
{
    const QStringList workerLevel{QString()};
    const QStringList noPayload{QString()};
    const QStringList noChunking{QString()};
    const QStringList messageOnly{QStringLiteral("message")};
    // The pinning levels: frequencies, or governors (applyFactor keeps them apart).
    std::vector<PinLevel> pins;
    pins.reserve(frequencyLevelsKHz.size() + static_cast<std::size_t>(governorLevels.size()));
    for (const std::uint64_t kHz : frequencyLevelsKHz)
        pins.push_back({kHz, {}});
    for (const QString &g : governorLevels)
        pins.push_back({std::nullopt, g});
    if (pins.empty())
        pins.emplace_back();
    std::vector<PlannedRun> runs;
    int ordinal = 0;
    for (int repeat = 1; repeat <= repeats; ++repeat) {
        for (const PinLevel &pin : pins) {
            for (const PlanEntry &e : entries) {
                const auto c =
                    std::find_if(catalogue.begin(), catalogue.end(),
                                 [&](const CatalogueEntry &x) { return x.id == e.cipher; });
                const bool agreement = c != catalogue.end() && c->keyAgreement();
                // Key agreement and commands have no buffer: one run, whatever the sizes.
                const std::vector<std::size_t> sizes = e.isCommand() ? std::vector<std::size_t>{0}
                                                       : agreement   ? std::vector<std::size_t>{32}
                                                                     : bufferSizes;
                const QStringList &levels =
                    e.isCommand() || isaLevels.isEmpty() ? workerLevel : isaLevels;
                const QStringList &payloads = e.isCommand() || agreement || payloadLevels.isEmpty()
                                                  ? noPayload
                                                  : payloadLevels;
                const QStringList &chunkings =
                    e.isCommand() || agreement || chunkingLevels.isEmpty() ? noChunking
                    : canStream(e, catalogue) || !chunkingLevels.contains(messageOnly.front())
                        ? chunkingLevels
                        : messageOnly;
                for (const std::size_t size : sizes) {
                    for (const QString &isa : levels) {
                        for (const QString &chunking : chunkings) {
                            for (const QString &payload : payloads)
                                runs.push_back({++ordinal, e, size, isa, repeat, pin.frequencyKHz,
                                                payload, pin.governor, chunking});
                        }
                    }
                }
            }
        }
    }
    return runs;
}

std::vector<PlannedRun> expandPlan(const std::vector<PlanEntry> &entries,
                                   const std::vector<CatalogueEntry> &catalogue,
                                   const SessionSettings &settings)
{
    return expandPlan(entries, catalogue, settings.bufferSizes, std::max(1, settings.repeats),
                      settings.isaLevels, settings.frequencyLevelsKHz, settings.payloadLevels,
                      settings.governorLevels, settings.chunkingLevels);
}

bool canStream(const PlanEntry &entry, const std::vector<CatalogueEntry> &catalogue)
{
    if (entry.isCommand() || entry.backend.startsWith(QLatin1String("plugin:")))
        return false;
    const auto c = std::find_if(catalogue.begin(), catalogue.end(),
                                [&](const CatalogueEntry &x) { return x.id == entry.cipher; });
    // The worker's catalogue names a stream cipher's mode "stream" (catalogue.cpp).
    return c != catalogue.end() &&
           (c->mode == QLatin1String("stream") || c->mode == QLatin1String("CTR"));
}

Result<void> checkFactors(const std::vector<PlanEntry> &entries,
                          const std::vector<CatalogueEntry> &catalogue,
                          const SessionSettings &settings)
{
    if (settings.chunkingLevels.isEmpty() ||
        settings.chunkingLevels.contains(QLatin1String("message")))
        return {};
    for (const PlanEntry &e : entries) {
        const auto c = std::find_if(catalogue.begin(), catalogue.end(),
                                    [&](const CatalogueEntry &x) { return x.id == e.cipher; });
        const bool agreement = c != catalogue.end() && c->keyAgreement();
        if (!e.isCommand() && !agreement && !canStream(e, catalogue))
            return Error{
                ErrorCode::Usage,
                Message(msg::kChunkingNoLevel)
                    .arg(e.backend.isEmpty() ? e.cipher : e.cipher + QLatin1Char('/') + e.backend)};
    }
    return {};
}

std::span<const PlanPreset> planPresets()
{
    // The second paper (Nexus 5): AES, Blowfish, RC4, RC6, Curve25519 and XXTEA on files of
    // 100, 500 and 1500 kB (kB = 1000 B, as the paper counts), encryption, decryption and key
    // generation measured separately, five repeats. Key generation is an operation of key
    // agreement only (a Curve25519 key pair); a symmetric cipher's key is random bytes, not an
    // operation the worker measures.
    static const std::vector<PlanPreset> presets{
        {"second-paper",
         "aes-128-cbc:encrypt+decrypt,blowfish-128-cbc:encrypt+decrypt,rc4-128:encrypt+decrypt,"
         "rc6-128-cbc:encrypt+decrypt,xxtea-128-wide:encrypt+decrypt,x25519:keygen+agree",
         {100000, 500000, 1500000},
         5,
         "the second paper's set: AES, Blowfish, RC4, RC6, XXTEA (encrypt, decrypt) and X25519 "
         "(keygen, agree); 100/500/1500 kB; 5 repeats"},
        // The first paper (Raspberry Pi 4, Table 5): ChaCha20, AES-128/256-XTS,
        // Adiantum-XChaCha20, CHAM-128/128 and 128/256-XTS, LEA-128/256-XTS, encryption and
        // decryption separately, 4096-byte buffers, with and without NEON. The backends whose
        // level follows the run (docs/method.md, "Experiments"): Botan's ChaCha20, the custom
        // code for the rest. On a DUT without NEON the worker refuses the neon level before the
        // session starts (x86: --vary isa=portable,avx2 instead).
        {"first-paper",
         "chacha20/botan:encrypt+decrypt,aes-128-xts/custom:encrypt+decrypt,"
         "aes-256-xts/custom:encrypt+decrypt,adiantum-xchacha20-aes/custom:encrypt+decrypt,"
         "cham-128-128-xts/custom:encrypt+decrypt,cham-128-256-xts/custom:encrypt+decrypt,"
         "lea-128-xts/custom:encrypt+decrypt,lea-256-xts/custom:encrypt+decrypt",
         {4096},
         1,
         "the first paper's set on the Pi: ChaCha20, AES-128/256-XTS, Adiantum, CHAM-128/128 and "
         "128/256-XTS, LEA-128/256-XTS (encrypt, decrypt); 4096 B; portable and NEON",
         "portable,neon"},
        // The third paper (Hung and Hsu, CC1310): AES-ECB, AES-CCM with an 8-byte and a
        // 16-byte tag (MIC64, MIC128), 128-bit key, payloads of 5, 20, 50 and 100 bytes. ECB
        // pads a payload with zeros to whole 16-byte blocks, as the paper did; CCM takes any
        // length. The paper measured "multiple" times without a count: 3 repeats here, so that
        // every result has an interval. The paper's hardware AES is the board's own peripheral,
        // not a software backend: the preset measures the software ciphers.
        {"third-paper",
         "aes-128-ecb:encrypt+decrypt,aes-128-ccm-8:encrypt+decrypt,"
         "aes-128-ccm-16:encrypt+decrypt",
         {5, 20, 50, 100},
         3,
         "the third paper's set: AES-128-ECB (zero-padded to blocks), AES-128-CCM-8 and -16 "
         "(encrypt, decrypt); 5/20/50/100 B; 3 repeats",
         "",
         true},
        // The fourth paper (Elminaam et al., .NET on a laptop): AES, DES, 3DES, RC2, Blowfish
        // and RC6, encryption and decryption, on files from 28 kB to 7.139 MB: the sizes here
        // are its smallest and largest image (28, 131 kB), smallest text (321 kB), smallest
        // video (4006 kB) and largest text (7139 kB), kB = 1000 B. .NET's symmetric ciphers
        // default to CBC with padding (PKCS #7; zeros here, the same work); AES's key is 256
        // bits ("default 256"). Its data types are the operator's files:
        // --vary payload=file:<text>,file:<audio>,...
        {"fourth-paper",
         "aes-256-cbc:encrypt+decrypt,des-56-cbc:encrypt+decrypt,3des-168-cbc:encrypt+decrypt,"
         "rc2-128-cbc:encrypt+decrypt,blowfish-128-cbc:encrypt+decrypt,"
         "rc6-128-cbc:encrypt+decrypt",
         {28000, 131000, 321000, 4006000, 7139000},
         1,
         "the fourth paper's set: AES-256, DES, 3DES, RC2, Blowfish, RC6 in CBC (encrypt, "
         "decrypt); 28 kB to 7.139 MB; its data types with --vary payload=file:...",
         "",
         true},
    };
    return presets;
}

const PlanPreset *findPlanPreset(const QString &name)
{
    for (const PlanPreset &p : planPresets()) {
        if (name == QLatin1String(p.name))
            return &p;
    }
    return nullptr;
}

QStringList isaLevelNames()
{
    return {QStringLiteral("portable"), QStringLiteral("sse2"), QStringLiteral("avx2"),
            QStringLiteral("avx512"), QStringLiteral("neon")};
}

std::optional<std::uint64_t> parseFrequencyKHz(const QString &text)
{
    static const QRegularExpression pattern(
        QStringLiteral("^\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([kmg])hz\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = pattern.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const QString unit = m.captured(2).toLower();
    const double scale = unit == QLatin1String("g") ? 1e6 : unit == QLatin1String("m") ? 1e3 : 1.0;
    const double kHz = m.captured(1).toDouble() * scale;
    // Whole kHz, as cpufreq takes them: 1.2345678 GHz is not a frequency it can pin.
    if (!(kHz >= 1.0) || kHz > 1e9 || std::abs(kHz - std::round(kHz)) > 1e-3)
        return std::nullopt;
    return static_cast<std::uint64_t>(std::llround(kHz));
}

namespace {

// `freq=600MHz,1.2GHz` or `freq=600MHz..1.5GHz/10`.
Result<std::vector<std::uint64_t>> frequencyLevels(const QString &name, const QString &levelsText)
{
    const auto notALevel = [&](const QString &word) {
        return Error{ErrorCode::Usage,
                     Message(msg::kFactorLevel)
                         .arg(word.trimmed(), name,
                              QStringLiteral("frequencies in kHz, MHz or GHz, such as 600MHz, "
                                             "or a range and a count, 600MHz..1.5GHz/10"))};
    };
    std::vector<std::uint64_t> levels;
    if (levelsText.contains(QLatin1String(".."))) {
        const QString from = levelsText.section(QLatin1String(".."), 0, 0);
        const QString rest = levelsText.section(QLatin1String(".."), 1);
        const QString to = rest.section(QLatin1Char('/'), 0, 0);
        bool countOk = false;
        const int count = rest.section(QLatin1Char('/'), 1).trimmed().toInt(&countOk);
        const auto low = parseFrequencyKHz(from);
        const auto high = parseFrequencyKHz(to);
        if (!low || !high || !rest.contains(QLatin1Char('/')) || !countOk || count < 2 ||
            count > kMaxFrequencyLevels || *high <= *low)
            return notALevel(levelsText);
        for (int i = 0; i < count; ++i) {
            const double kHz = static_cast<double>(*low) + static_cast<double>(*high - *low) *
                                                               static_cast<double>(i) /
                                                               static_cast<double>(count - 1);
            const auto level = static_cast<std::uint64_t>(std::llround(kHz));
            if (std::find(levels.begin(), levels.end(), level) != levels.end())
                return notALevel(levelsText); // more levels than whole kHz in the range
            levels.push_back(level);
        }
        return levels;
    }
    for (const QString &word : levelsText.split(QLatin1Char(','))) {
        const auto kHz = parseFrequencyKHz(word);
        if (!kHz)
            return notALevel(word);
        if (std::find(levels.begin(), levels.end(), *kHz) != levels.end())
            return Error{ErrorCode::Usage, Message(msg::kFactorTwice).arg(word.trimmed(), name)};
        levels.push_back(*kHz);
    }
    if (levels.size() > static_cast<std::size_t>(kMaxFrequencyLevels))
        return notALevel(levelsText);
    return levels;
}

// `payload=random,zeros,file:/data/a.txt`.
Result<QStringList> payloadLevels(const QString &name, const QString &levelsText)
{
    QStringList levels;
    for (const QString &word : levelsText.split(QLatin1Char(','))) {
        const auto level = parsePayloadLevel(word);
        if (!level) {
            // Named on one line: a control character shown as its code.
            QString shown;
            for (const QChar c : word.trimmed())
                shown += c.unicode() < 0x20 || c.unicode() == 0x7f
                             ? QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'))
                             : QString(c);
            return Error{
                ErrorCode::Usage,
                Message(msg::kFactorLevel)
                    .arg(shown, name,
                         QStringLiteral("random, zeros or file:<absolute path on the DUT>"))};
        }
        if (levels.contains(*level))
            return Error{ErrorCode::Usage, Message(msg::kFactorTwice).arg(*level, name)};
        levels << *level;
    }
    if (levels.size() > kMaxPayloadLevels)
        return Error{ErrorCode::Usage,
                     Message(msg::kFactorLevel)
                         .arg(levelsText, name,
                              QStringLiteral("at most %1 payloads").arg(kMaxPayloadLevels))};
    return levels;
}

} // namespace

std::optional<QString> parsePayloadLevel(const QString &text)
{
    const QString word = text.trimmed();
    if (word == QLatin1String("random") || word == QLatin1String("zeros"))
        return word;
    if (!word.startsWith(QLatin1String("file:/")))
        return std::nullopt;
    // A path the worker is handed as it is (a JSON string, never a shell word), and that
    // tables and the CSV print: no control characters. A comma separates levels, so a path
    // cannot hold one.
    const QString path = word.mid(5);
    for (const QChar c : path) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return std::nullopt;
    }
    if (path.size() > 4096)
        return std::nullopt;
    return word;
}

namespace {

// Names from a fixed list, lower case, none twice (`governor=`, `chunking=`).
Result<QStringList> namedLevels(const QString &name, const QString &levelsText,
                                const QStringList &valid)
{
    QStringList levels;
    for (const QString &word : levelsText.split(QLatin1Char(','))) {
        const QString level = word.trimmed().toLower();
        if (!valid.contains(level))
            return Error{ErrorCode::Usage,
                         Message(msg::kFactorLevel)
                             .arg(word.trimmed(), name, valid.join(QStringLiteral(", ")))};
        if (levels.contains(level))
            return Error{ErrorCode::Usage, Message(msg::kFactorTwice).arg(level, name)};
        levels << level;
    }
    return levels;
}

} // namespace

QStringList governorNames()
{
    // The generic governors of Documentation/admin-guide/pm/cpufreq.rst, which the worker's
    // privileged helper sets (and no other name).
    return {QStringLiteral("performance"),  QStringLiteral("powersave"),
            QStringLiteral("userspace"),    QStringLiteral("ondemand"),
            QStringLiteral("conservative"), QStringLiteral("schedutil")};
}

QStringList factorNames()
{
    return {QStringLiteral("isa"), QStringLiteral("freq"), QStringLiteral("governor"),
            QStringLiteral("chunking"), QStringLiteral("payload")};
}

QString factorLevelsText(const SessionSettings &settings, const QString &name)
{
    if (name == QLatin1String("isa"))
        return settings.isaLevels.join(QLatin1Char(','));
    if (name == QLatin1String("freq")) {
        QStringList levels;
        for (const std::uint64_t kHz : settings.frequencyLevelsKHz)
            levels << QStringLiteral("%1kHz").arg(kHz);
        return levels.join(QLatin1Char(','));
    }
    if (name == QLatin1String("governor"))
        return settings.governorLevels.join(QLatin1Char(','));
    if (name == QLatin1String("chunking"))
        return settings.chunkingLevels.join(QLatin1Char(','));
    if (name == QLatin1String("payload"))
        return settings.payloadLevels.join(QLatin1Char(','));
    return {};
}

void clearFactor(SessionSettings &settings, const QString &name)
{
    if (name == QLatin1String("isa"))
        settings.isaLevels.clear();
    else if (name == QLatin1String("freq"))
        settings.frequencyLevelsKHz.clear();
    else if (name == QLatin1String("governor"))
        settings.governorLevels.clear();
    else if (name == QLatin1String("chunking"))
        settings.chunkingLevels.clear();
    else if (name == QLatin1String("payload"))
        settings.payloadLevels.clear();
}

Result<void> applyFactor(SessionSettings &settings, const QString &text)
{
    const QString name = text.section(QLatin1Char('='), 0, 0).trimmed();
    if (name == QLatin1String("governor") && text.contains(QLatin1Char('='))) {
        auto levels = namedLevels(name, text.section(QLatin1Char('='), 1), governorNames());
        if (!levels)
            return levels.error();
        if (!settings.frequencyLevelsKHz.empty())
            return Error{ErrorCode::Usage, Message(msg::kFactorsExclusive)};
        settings.governorLevels = std::move(*levels);
        return {};
    }
    if (name == QLatin1String("chunking") && text.contains(QLatin1Char('='))) {
        auto levels = namedLevels(name, text.section(QLatin1Char('='), 1),
                                  {QStringLiteral("message"), QStringLiteral("stream")});
        if (!levels)
            return levels.error();
        settings.chunkingLevels = std::move(*levels);
        return {};
    }
    if (name == QLatin1String("payload") && text.contains(QLatin1Char('='))) {
        auto levels = payloadLevels(name, text.section(QLatin1Char('='), 1));
        if (!levels)
            return levels.error();
        settings.payloadLevels = std::move(*levels);
        return {};
    }
    if (name == QLatin1String("freq") && text.contains(QLatin1Char('='))) {
        auto levels = frequencyLevels(name, text.section(QLatin1Char('='), 1));
        if (!levels)
            return levels.error();
        if (!settings.governorLevels.isEmpty())
            return Error{ErrorCode::Usage, Message(msg::kFactorsExclusive)};
        settings.frequencyLevelsKHz = std::move(*levels);
        return {};
    }
    if (name != QLatin1String("isa") || !text.contains(QLatin1Char('=')))
        return Error{ErrorCode::Usage, Message(msg::kFactorUnknown).arg(text)};
    auto levels = namedLevels(name, text.section(QLatin1Char('='), 1), isaLevelNames());
    if (!levels)
        return levels.error();
    settings.isaLevels = std::move(*levels);
    return {};
}

Result<RunOrderSpec> parseRunOrder(const QString &text)
{
    const QString word = text.section(QLatin1Char(':'), 0, 0).trimmed();
    const auto order = runOrderFromName(word);
    const bool hasSeed = text.contains(QLatin1Char(':'));
    if (!order || (hasSeed && *order != RunOrder::Randomised))
        return Error{ErrorCode::Usage, Message(msg::kRunOrderUnknown).arg(text)};
    RunOrderSpec spec{*order, std::nullopt};
    if (hasSeed) {
        const QString seedText = text.section(QLatin1Char(':'), 1).trimmed();
        bool ok = false;
        const qulonglong seed = seedText.toULongLong(&ok);
        if (!ok || seed > kMaxRunOrderSeed)
            return Error{
                ErrorCode::Usage,
                Message(msg::kRunOrderSeed).arg(seedText, QString::number(kMaxRunOrderSeed))};
        spec.seed = seed;
    }
    return spec;
}

QString runOrderName(RunOrder order)
{
    switch (order) {
    case RunOrder::Interleaved:
        return QStringLiteral("interleaved");
    case RunOrder::Sequential:
        return QStringLiteral("sequential");
    case RunOrder::Randomised:
        return QStringLiteral("random");
    }
    return QStringLiteral("interleaved");
}

std::optional<RunOrder> runOrderFromName(const QString &name)
{
    for (const RunOrder o : {RunOrder::Interleaved, RunOrder::Sequential, RunOrder::Randomised}) {
        if (runOrderName(o) == name)
            return o;
    }
    return std::nullopt;
}

QString runOrderText(RunOrder order, std::optional<std::uint64_t> seed)
{
    switch (order) {
    case RunOrder::Interleaved:
        return QStringLiteral("interleaved (every run, then every run again)");
    case RunOrder::Sequential:
        return QStringLiteral("sequential (each run's repeats back to back)");
    case RunOrder::Randomised:
        return QStringLiteral("random within each pass, seed %1")
            .arg(seed ? QString::number(*seed) : QStringLiteral("not recorded"));
    }
    return {};
}

std::uint64_t drawRunOrderSeed()
{
    std::random_device device;
    const std::uint64_t high = device();
    const std::uint64_t low = device();
    return ((high << 32) ^ low) & kMaxRunOrderSeed;
}

std::uint64_t uniformBelow(std::mt19937_64 &generator, std::uint64_t bound)
{
    // The largest multiple of `bound` that fits: draws at or above it are drawn again, so that
    // every remainder is equally likely.
    const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() -
                                std::numeric_limits<std::uint64_t>::max() % bound;
    std::uint64_t x = generator();
    while (x >= limit)
        x = generator();
    return x % bound;
}

std::vector<PlannedRun> orderRuns(std::vector<PlannedRun> runs, RunOrder order, std::uint64_t seed)
{
    switch (order) {
    case RunOrder::Interleaved:
        break; // expandPlan's own order: repeats outermost
    case RunOrder::Sequential: {
        // Each run's repeats together, the runs in the order of their first pass.
        std::map<std::tuple<QString, QString, QString, QString, std::size_t>, std::size_t> first;
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const PlannedRun &r = runs[i];
            first.try_emplace({r.entry.cipher, r.entry.backend, r.entry.operation,
                               r.entry.command.join(QChar(0)), r.bufferBytes},
                              i);
        }
        const auto key = [&](const PlannedRun &r) {
            return first.at({r.entry.cipher, r.entry.backend, r.entry.operation,
                             r.entry.command.join(QChar(0)), r.bufferBytes});
        };
        std::stable_sort(runs.begin(), runs.end(), [&](const PlannedRun &a, const PlannedRun &b) {
            return std::make_pair(key(a), a.repeat) < std::make_pair(key(b), b.repeat);
        });
        break;
    }
    case RunOrder::Randomised: {
        // Fisher-Yates within each block of runs of one repeat.
        std::mt19937_64 generator(seed);
        std::size_t begin = 0;
        while (begin < runs.size()) {
            std::size_t end = begin;
            while (end < runs.size() && runs[end].repeat == runs[begin].repeat)
                ++end;
            for (std::size_t i = end - begin; i > 1; --i) {
                const std::size_t j = uniformBelow(generator, i);
                std::swap(runs[begin + i - 1], runs[begin + j]);
            }
            begin = end;
        }
        break;
    }
    }
    // Frequency and governor levels in blocks: each level in the order it first comes (so, with
    // a random order, the levels are in a random order too), the runs within it as ordered above.
    const auto groupByLevel = [](std::vector<PlannedRun>::iterator begin,
                                 std::vector<PlannedRun>::iterator end) {
        std::vector<PinLevel> seen;
        for (auto it = begin; it != end; ++it) {
            if (std::find(seen.begin(), seen.end(), it->pinLevel()) == seen.end())
                seen.push_back(it->pinLevel());
        }
        const auto rank = [&](const PlannedRun &r) {
            return std::find(seen.begin(), seen.end(), r.pinLevel()) - seen.begin();
        };
        std::stable_sort(begin, end, [&](const PlannedRun &a, const PlannedRun &b) {
            return rank(a) < rank(b);
        });
    };
    if (order == RunOrder::Sequential) {
        groupByLevel(runs.begin(), runs.end());
    } else {
        auto begin = runs.begin();
        while (begin != runs.end()) {
            auto end = std::find_if(begin, runs.end(),
                                    [&](const PlannedRun &r) { return r.repeat != begin->repeat; });
            groupByLevel(begin, end);
            begin = end;
        }
    }
    int ordinal = 0;
    for (PlannedRun &r : runs)
        r.ordinal = ++ordinal;
    return runs;
}

} // namespace cipherwatt::core
