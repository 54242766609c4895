// Messages by identifier (cipherwatt/instruments/message.h): the core makes every message from a
// template and keeps its English text; the window translates it by the template it was made
// from, never by matching its text. A translator that brackets every text it is asked for shows
// what was looked up.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/error.h>
#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/session.h>
#include <cipherwatt/instruments/message.h>

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QTranslator>
#include <catch2/catch.hpp>

using namespace cipherwatt;
using instruments::Message;
using instruments::MessageTemplate;

namespace {

class Bracketing : public QTranslator
{
public:
    Bracketing() { QCoreApplication::installTranslator(this); }
    ~Bracketing() override { QCoreApplication::removeTranslator(this); }
    Bracketing(const Bracketing &) = delete;
    Bracketing &operator=(const Bracketing &) = delete;

    bool isEmpty() const override { return false; }
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        if (QByteArray(context).startsWith("cipherwatt::"))
            return QLatin1Char('[') + QString::fromUtf8(source) + QLatin1Char(']');
        return {};
    }
};

constexpr MessageTemplate kOuter{"test.outer", "cipherwatt::test", "DUT %1: %2"};
constexpr MessageTemplate kInner{"test.inner", "cipherwatt::test", "the worker crashed"};
constexpr MessageTemplate kSwapped{"test.swapped", "cipherwatt::test", "%2 then %1"};
constexpr MessageTemplate kPercent{"test.percent", "cipherwatt::test", "100 %, %1 of %3"};
constexpr const MessageTemplate *kTestCatalogue[] = {&kOuter, &kInner, &kSwapped, &kPercent};

} // namespace

TEST_CASE("messages: English from the template, arguments filled in one pass", "[messages]")
{
    const Message m = Message(kOuter).arg(QStringLiteral("local"), Message(kInner));
    CHECK(m.english() == QStringLiteral("DUT local: the worker crashed"));
    CHECK(m.id() == QStringLiteral("test.outer"));
    // An argument that itself holds "%2" stays as it is; a number with no argument stays too.
    CHECK(Message(kSwapped).arg(QStringLiteral("a %2"), QStringLiteral("b")).english() ==
          QStringLiteral("b then a %2"));
    CHECK(Message(kPercent).arg(QStringLiteral("y")).english() == QStringLiteral("100 %, y of %3"));
    // Numbers as QString::arg formats them.
    CHECK(Message(kSwapped).arg(2.5, 0, 'f', 3).arg(7).english() == QStringLiteral("7 then 2.500"));
    // Without a translator the translated text is the English one.
    CHECK(m.translated() == m.english());
}

TEST_CASE("messages: the window translates by template, arguments too, plain text kept",
          "[messages]")
{
    Bracketing bracketing;
    const Message m = Message(kOuter).arg(QStringLiteral("local"), Message(kInner));
    CHECK(m.translated() == QStringLiteral("[DUT local: [the worker crashed]]"));
    // Text that no template made (libssh's, the worker's) is shown as it is.
    CHECK(Message::plain(QStringLiteral("Lid closed, fan at 30 %.")).translated() ==
          QStringLiteral("Lid closed, fan at 30 %."));
    // A plan error made by the core itself.
    const auto plan = core::resolvePlan(QStringLiteral("aes-999-xts"), {});
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().code == core::ErrorCode::Usage);
    CHECK(plan.error().message.english() ==
          QStringLiteral("--plan: unknown cipher 'aes-999-xts'; valid ids: "));
    CHECK(plan.error().message.translated() ==
          QStringLiteral("[--plan: [unknown cipher 'aes-999-xts'; valid ids: ]]"));
    // Messages one after the other keep their own translations.
    const Message both = Message::joined({Message(kInner), Message::plain(QStringLiteral("x"))},
                                         QStringLiteral("; "));
    CHECK(both.english() == QStringLiteral("the worker crashed; x"));
    CHECK(both.translated() == QStringLiteral("[the worker crashed]; x"));
}

TEST_CASE("messages: stored with their identifiers and found again", "[messages]")
{
    instruments::registerMessages(kTestCatalogue);
    const Message m = Message(kOuter).arg(QStringLiteral("ssh://lab@pi4:22"), Message(kInner));
    const QJsonObject json = m.toJson();
    CHECK(json.value(QStringLiteral("id")) == QStringLiteral("test.outer"));
    CHECK(json.value(QStringLiteral("text")) == m.english());
    const Message back = Message::fromJson(json);
    CHECK(back == m);
    Bracketing bracketing;
    CHECK(back.translated() == QStringLiteral("[DUT ssh://lab@pi4:22: [the worker crashed]]"));

    // An identifier nobody knows (a newer version's), or a template whose text changed since:
    // the stored English text, as it is.
    QJsonObject unknown = json;
    unknown.insert(QStringLiteral("id"), QStringLiteral("test.from-the-future"));
    CHECK(Message::fromJson(unknown).isPlain());
    CHECK(Message::fromJson(unknown).translated() == m.english());
    QJsonObject changed = json;
    changed.insert(QStringLiteral("text"), QStringLiteral("DUT x: something else"));
    CHECK(Message::fromJson(changed).translated() == QStringLiteral("DUT x: something else"));

    const Message joined =
        Message::joined({Message(kInner), Message(kInner)}, QStringLiteral(", "));
    CHECK(Message::fromJson(joined.toJson()) == joined);
}

TEST_CASE("messages: the analysis flags are made from templates, in English", "[messages]")
{
    Bracketing bracketing; // the core never asks for a translation itself
    core::RunInput in;
    in.windowStart = 0;
    in.windowEnd = 1;
    in.seconds = 1;
    const core::RunResult r = core::analyseRun(in, {}, core::BaselineResult{}, {}, 100);
    REQUIRE_FALSE(r.flags.isEmpty());
    for (const Message &f : r.flags) {
        CHECK_FALSE(f.isPlain());
        CHECK_FALSE(f.english().startsWith(QLatin1Char('[')));
        CHECK(f.translated().startsWith(QLatin1Char('[')));
    }
}

TEST_CASE("messages: the phases of preparation are told apart by identifier", "[messages]")
{
    Bracketing bracketing; // a translated label does not change which step it is
    core::registerMessageCatalogue();
    const Message selfTest = Message::fromJson(
        QJsonObject{{QStringLiteral("id"), QStringLiteral("core.phase.phase-self-test")},
                    {QStringLiteral("text"), QStringLiteral("self-test")}});
    CHECK(core::prepareStep(selfTest) == core::PrepareStep::SelfTest);
    CHECK(core::prepareStep(Message::plain(QStringLiteral("self-test"))) ==
          core::PrepareStep::Other);
}

// Every template of a module's messages.h is in its catalogue, and identifiers are unique: a
// template left out could not be found again when a stored session is read.
TEST_CASE("messages: every template is catalogued, identifiers unique", "[messages]")
{
    core::registerMessageCatalogue();
    const std::pair<const char *, int> headers[] = {
        {CIPHERWATT_SOURCE_DIR "/core/src/messages.h", 40},
        {CIPHERWATT_SOURCE_DIR "/core/src/messages_mcu.h", 20},
        {CIPHERWATT_SOURCE_DIR "/core/src/messages_database.h", 10},
        {CIPHERWATT_SOURCE_DIR "/instruments/src/messages.h", 40}};
    for (const auto &[header, least] : headers) {
        INFO(header);
        QFile file(QString::fromUtf8(header));
        REQUIRE(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        static const QRegularExpression declaration(
            QStringLiteral(R"re(MessageTemplate\s+k\w+\{\s*"([^"]+)")re"));
        QSet<QString> ids;
        int count = 0;
        for (auto it = declaration.globalMatch(text); it.hasNext();) {
            const QString id = it.next().captured(1);
            ++count;
            CHECK_FALSE(ids.contains(id));
            ids.insert(id);
            INFO(id.toStdString());
            CHECK(instruments::findMessage(id) != nullptr);
        }
        CHECK(count > least);
    }
}
