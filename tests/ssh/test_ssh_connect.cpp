// Connecting to a real sshd on loopback: quoting of remote arguments, host keys (unknown,
// accepted, changed), and authentication (key file, wrong key, passphrase, agent).

#include "ssh_support.h"

#include <cipherwatt/core/ssh.h>

#include <QFile>
#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>
#include <process.h>
#include <sshd.h>
#include <temp_dir.h>
#include <thread>

using namespace cipherwatt::core;
using namespace cipherwatt::test;
using namespace std::chrono_literals;

namespace {

// Strings a remote shell must not interpret: every one comes back as it went.
QStringList hostileWords(const std::filesystem::path &trap)
{
    const QString t = qs(trap);
    return {QStringLiteral("plain"),
            QStringLiteral("with space"),
            QStringLiteral("it's"),
            QStringLiteral("'"),
            QStringLiteral("''"),
            QStringLiteral("a'b'c''"),
            QStringLiteral("\"double\""),
            QStringLiteral("semi;colon"),
            QStringLiteral("aes-128-xts; touch ") + t,
            QStringLiteral("$(touch ") + t + QLatin1Char(')'),
            QStringLiteral("`touch ") + t + QLatin1Char('`'),
            QStringLiteral("back\\slash\\"),
            QStringLiteral("new\nline"),
            QStringLiteral("tab\there"),
            QStringLiteral("*"),
            QStringLiteral("~"),
            QStringLiteral("$HOME"),
            QStringLiteral("-n"),
            QStringLiteral("--"),
            QString(),
            QStringLiteral("| cat > ") + t,
            QStringLiteral("&& touch ") + t,
            QStringLiteral("리아 🔒")};
}

QStringList splitNul(const QByteArray &out)
{
    QStringList words;
    for (const QByteArray &w : out.split('\0'))
        words << QString::fromUtf8(w);
    words.removeLast(); // after the last terminator
    return words;
}

} // namespace

TEST_CASE("shellQuote makes one word of any string", "[ssh]")
{
    CHECK(shellQuote(QStringLiteral("it's")) == QStringLiteral("'it'\\''s'"));
    CHECK(shellQuote(QString()) == QStringLiteral("''"));
    CHECK(shellCommand({QStringLiteral("a b"), QStringLiteral("c")}) ==
          QStringLiteral("'a b' 'c'"));
    TempDir dir;
    const auto trap = dir.path() / "pwned";
    const QStringList words = hostileWords(trap);
    // The local POSIX shell gives back exactly the words.
    const auto r =
        runProcess({"/bin/sh", "-c", "printf '%s\\0' " + shellCommand(words).toStdString()});
    REQUIRE(r.exitCode == 0);
    CHECK(splitNul(QByteArray::fromStdString(r.out)) == words);
    CHECK_FALSE(std::filesystem::exists(trap));
}

TEST_CASE("every remote argument arrives through sshd as it was sent", "[ssh]")
{
    SshServer server;
    TempDir dir;
    const auto trap = dir.path() / "pwned";
    const QStringList words = hostileWords(trap);
    SshOptions o = sshOptions(server);
    o.environment << QStringLiteral("CIPHERWATT_TEST=it's $(touch ") + qs(trap) +
                         QStringLiteral(") ;");
    auto r =
        runRemoteCommand(o, QStringList{QStringLiteral("printf"), QStringLiteral("%s\\0")} + words);
    INFO((r ? QString() : r.error().message.english()).toStdString());
    REQUIRE(r.ok());
    CHECK(r->exitCode == 0);
    CHECK(splitNul(r->out) == words);
    auto env = runRemoteCommand(o, {QStringLiteral("sh"), QStringLiteral("-c"),
                                    QStringLiteral("printf %s \"$CIPHERWATT_TEST\"")});
    REQUIRE(env.ok());
    CHECK(QString::fromUtf8(env->out) ==
          QStringLiteral("it's $(touch ") + qs(trap) + QStringLiteral(") ;"));
    CHECK_FALSE(std::filesystem::exists(trap));
    // An environment entry that is not NAME=value never reaches the shell.
    o.environment = QStringList{QStringLiteral("BAD NAME=x; touch ") + qs(trap)};
    auto bad = runRemoteCommand(o, {QStringLiteral("true")});
    CHECK_FALSE(bad.ok());
    CHECK_FALSE(std::filesystem::exists(trap));
}

TEST_CASE("an unknown host key is refused until the operator accepts it", "[ssh]")
{
    SshServer server;
    SshOptions o = sshOptions(server);
    o.userKnownHosts = qs(server.dir() / "empty_known_hosts"); // does not exist
    std::vector<HostKeyInfo> asked;
    o.confirmHostKey = [&](const HostKeyInfo &info) {
        asked.push_back(info);
        return false;
    };
    const QStringList echo{QStringLiteral("echo"), QStringLiteral("in")};
    auto refused = runRemoteCommand(o, echo);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == cipherwatt::core::ErrorCode::Cancelled);
    CHECK(refused.error().message.english().contains(
        QString::fromStdString(server.hostFingerprint())));
    CHECK(refused.error().message.english().contains(QStringLiteral("not known")));
    REQUIRE(asked.size() == 1);
    CHECK(asked[0].state == HostKeyInfo::State::Unknown);
    CHECK(asked[0].sha256Fingerprint.toStdString() == server.hostFingerprint());
    CHECK(asked[0].type == QStringLiteral("ssh-ed25519"));
    CHECK(asked[0].host == QStringLiteral("127.0.0.1"));
    CHECK(asked[0].port == server.port());
    CHECK_FALSE(QFile::exists(o.appKnownHosts)); // nothing recorded

    o.confirmHostKey = {}; // nobody to ask: refused
    CHECK_FALSE(runRemoteCommand(o, echo).ok());

    o.confirmHostKey = [&](const HostKeyInfo &info) {
        asked.push_back(info);
        return true;
    };
    auto accepted = runRemoteCommand(o, echo);
    INFO((accepted ? QString() : accepted.error().message.english()).toStdString());
    REQUIRE(accepted.ok());
    CHECK(accepted->out == "in\n");
    CHECK(asked.size() == 2);
    QFile recorded(o.appKnownHosts);
    REQUIRE(recorded.open(QIODevice::ReadOnly));
    CHECK(recorded.readAll().startsWith(
        QStringLiteral("[127.0.0.1]:%1 ssh-ed25519 ").arg(server.port()).toUtf8()));

    // Known now: not asked again.
    o.confirmHostKey = [&](const HostKeyInfo &) {
        FAIL_CHECK("asked about a known key");
        return false;
    };
    CHECK(runRemoteCommand(o, echo).ok());
}

TEST_CASE("a changed host key is refused with a warning, never asked about", "[ssh]")
{
    SshServer server;
    SshOptions o = sshOptions(server);
    const auto changed = server.dir() / "changed_known_hosts";
    writeLines(changed, {server.otherKeyLine()});
    int asked = 0;
    o.confirmHostKey = [&](const HostKeyInfo &) {
        ++asked;
        return true; // would accept anything: must not be consulted
    };
    const QStringList command{QStringLiteral("true")};
    for (const bool inAppFile : {false, true}) {
        INFO("the other key is in the " << (inAppFile ? "application's" : "user's") << " file");
        o.userKnownHosts = inAppFile ? qs(server.dir() / "none") : qs(changed);
        o.appKnownHosts = inAppFile ? qs(changed) : qs(server.dir() / "none");
        auto r = runRemoteCommand(o, command);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == cipherwatt::core::ErrorCode::Refused);
        CHECK(r.error().message.english().contains(QStringLiteral("CHANGED")));
        CHECK(
            r.error().message.english().contains(QString::fromStdString(server.hostFingerprint())));
        CHECK(r.error().message.english().contains(qs(changed)));
    }
    CHECK(asked == 0);
    // A file that also holds the right key: known (as OpenSSH, any matching line counts).
    o.userKnownHosts = qs(changed);
    o.appKnownHosts = qs(server.knownHosts());
    CHECK(runRemoteCommand(o, command).ok());
}

TEST_CASE("a key the server does not know is refused, and a missing key file is named", "[ssh]")
{
    SshServer server;
    SshOptions o = sshOptions(server);
    o.keyFile = qs(server.unauthorizedKey());
    int asked = 0;
    o.allowPassword = true; // the server offers no password authentication: never asked
    o.askSecret = [&](const QString &, bool) -> std::optional<QString> {
        ++asked;
        return QStringLiteral("secret");
    };
    auto wrong = runRemoteCommand(o, {QStringLiteral("true")});
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().code == cipherwatt::core::ErrorCode::Refused);
    CHECK(wrong.error().message.english().contains(QStringLiteral("authentication")));
    CHECK(wrong.error().message.english().contains(qs(server.unauthorizedKey())));
    CHECK(wrong.error().message.english().contains(QStringLiteral("publickey")));
    CHECK(asked == 0);

    o.keyFile = qs(server.dir() / "no_such_key");
    auto missing = runRemoteCommand(o, {QStringLiteral("true")});
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().message.english().contains(QStringLiteral("no_such_key")));

    // An encrypted key the server would refuse: its public half is asked first, so no
    // passphrase is asked for nothing.
    const auto encrypted = server.dir() / "encrypted_stranger";
    REQUIRE(runProcess({"/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "pass", "-f",
                        encrypted.string()})
                .exitCode == 0);
    o.keyFile = qs(encrypted);
    CHECK_FALSE(runRemoteCommand(o, {QStringLiteral("true")}).ok());
    CHECK(asked == 0);
}

TEST_CASE("a password is asked for only when allowed, and never more than three times", "[ssh]")
{
    SshServer server({.passwordAuthentication = true});
    SshOptions o = sshOptions(server);
    o.keyFile = qs(server.unauthorizedKey());
    QStringList prompts;
    o.askSecret = [&](const QString &prompt, bool echo) -> std::optional<QString> {
        CHECK_FALSE(echo);
        prompts << prompt;
        return QStringLiteral("not the password");
    };
    auto keyOnly = runRemoteCommand(o, {QStringLiteral("true")});
    REQUIRE_FALSE(keyOnly.ok());
    CHECK(keyOnly.error().message.english().contains(
        QStringLiteral("the server offers: publickey, password")));
    CHECK(prompts.isEmpty());

    o.allowPassword = true;
    auto refused = runRemoteCommand(o, {QStringLiteral("true")});
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.english().contains(QStringLiteral("password (refused 3 times)")));
    REQUIRE(prompts.size() == 3);
    CHECK(prompts[0] ==
          QStringLiteral("Password for %1@127.0.0.1: ").arg(QString::fromStdString(server.user())));
}

TEST_CASE("nothing listening: refused at once, naming the host and port", "[ssh]")
{
    std::uint16_t port = 0;
    {
        SshServer gone; // a port that was free a moment ago
        port = gone.port();
    }
    SshServer server;
    SshOptions o = sshOptions(server);
    o.target.port = port;
    o.connectTimeoutSeconds = 5;
    const auto start = std::chrono::steady_clock::now();
    auto r = runRemoteCommand(o, {QStringLiteral("true")});
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.english().contains(
        QStringLiteral("cannot connect to 127.0.0.1:%1").arg(port)));
    CHECK(std::chrono::steady_clock::now() - start < 6s);
}

TEST_CASE("a passphrase-protected key asks for the passphrase until it is right", "[ssh]")
{
    SshServer server;
    SshOptions o = sshOptions(server);
    o.keyFile = qs(server.passphraseKey());
    QStringList prompts;
    QStringList answers{QStringLiteral("wrong"), QString::fromUtf8(SshServer::passphrase)};
    o.askSecret = [&](const QString &prompt, bool echo) -> std::optional<QString> {
        CHECK_FALSE(echo);
        prompts << prompt;
        if (answers.isEmpty())
            return std::nullopt;
        return answers.takeFirst();
    };
    auto r = runRemoteCommand(o, {QStringLiteral("echo"), QStringLiteral("ok")});
    INFO((r ? QString() : r.error().message.english()).toStdString());
    REQUIRE(r.ok());
    CHECK(r->out == "ok\n");
    REQUIRE(prompts.size() == 2);
    CHECK(prompts[0].contains(qs(server.passphraseKey())));
    CHECK(prompts[1].startsWith(QStringLiteral("Wrong passphrase")));

    // Declining: refused at once, not asked again.
    prompts.clear();
    auto declined = runRemoteCommand(o, {QStringLiteral("true")});
    REQUIRE_FALSE(declined.ok());
    CHECK(declined.error().message.english().contains(QStringLiteral("no passphrase given")));
    CHECK(prompts.size() == 1);
}

TEST_CASE("authentication through an SSH agent", "[ssh]")
{
    SshServer server;
    const std::string socket = (server.dir() / "agent.sock").string();
    Child agent({"/usr/bin/ssh-agent", "-D", "-a", socket});
    for (int i = 0; i < 100 && !std::filesystem::exists(socket); ++i)
        std::this_thread::sleep_for(50ms);
    REQUIRE(std::filesystem::exists(socket));
    const Environment env{"SSH_AUTH_SOCK=" + socket};
    const auto added = runProcess({"/usr/bin/ssh-add", server.clientKey().string()}, {}, 30s, env);
    INFO(added.err);
    REQUIRE(added.exitCode == 0);

    SshOptions o = sshOptions(server);
    o.useAgent = true;
    o.agentSocket = QString::fromStdString(socket);
    o.keyFile = qs(server.unauthorizedKey()); // would fail: the agent's key is the one used
    auto r = runRemoteCommand(o, {QStringLiteral("echo"), QStringLiteral("agent")});
    INFO((r ? QString() : r.error().message.english()).toStdString());
    REQUIRE(r.ok());
    CHECK(r->out == "agent\n");

    // An agent without the key: refused, and the message says the agent was tried.
    REQUIRE(runProcess({"/usr/bin/ssh-add", "-D"}, {}, 30s, env).exitCode == 0);
    auto empty = runRemoteCommand(o, {QStringLiteral("true")});
    REQUIRE_FALSE(empty.ok());
    CHECK(empty.error().message.english().contains(QStringLiteral("agent")));
    agent.kill(SIGTERM);
    agent.wait(5s);
}
