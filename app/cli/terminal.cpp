#include "terminal.h"

#include <atomic>
#include <cstdio>
#include <cstring> // explicit_bzero
#include <poll.h>
#include <string>
#include <termios.h>
#include <unistd.h>

namespace cipherwatt::cli {

namespace {

std::atomic<bool> g_abandoned{false};
constexpr std::size_t kMaxAnswer = 4096;

// Echo off for as long as it lives; the terminal is put back however the question ends.
class NoEcho
{
public:
    explicit NoEcho(bool active)
    {
        if (!active || tcgetattr(STDIN_FILENO, &m_saved) != 0)
            return;
        termios quiet = m_saved;
        quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        m_active = tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0;
    }
    ~NoEcho()
    {
        if (m_active) {
            tcsetattr(STDIN_FILENO, TCSANOW, &m_saved);
            std::fputc('\n', stderr); // the newline the operator typed was not echoed
        }
    }
    NoEcho(const NoEcho &) = delete;
    NoEcho &operator=(const NoEcho &) = delete;

private:
    termios m_saved{};
    bool m_active = false;
};

} // namespace

bool stdinIsTerminal()
{
    return isatty(STDIN_FILENO) != 0;
}

void abandonPrompts()
{
    g_abandoned = true;
}

std::optional<QString> askLine(const QString &prompt, bool echo)
{
    if (g_abandoned)
        return std::nullopt;
    std::fputs(qPrintable(prompt), stderr);
    std::fflush(stderr);
    std::string line;
    bool complete = false;
    {
        const NoEcho noEcho(!echo);
        while (!complete && !g_abandoned && line.size() < kMaxAnswer) {
            pollfd fd{STDIN_FILENO, POLLIN, 0};
            // Short waits, so Ctrl-C (handled on the main thread) is noticed here.
            if (::poll(&fd, 1, 200) <= 0)
                continue;
            char c = 0;
            if (::read(STDIN_FILENO, &c, 1) != 1)
                break;
            if (c == '\n')
                complete = true;
            else
                line.push_back(c);
        }
    }
    std::optional<QString> answer;
    if (complete && !g_abandoned)
        answer = QString::fromUtf8(line.data(), static_cast<qsizetype>(line.size()));
    if (!line.empty())
        explicit_bzero(line.data(), line.size());
    return answer;
}

bool askYesNo(const QString &question)
{
    const auto answer = askLine(question, true);
    if (!answer)
        return false;
    const QString a = answer->trimmed().toLower();
    return a == QLatin1String("y") || a == QLatin1String("yes");
}

} // namespace cipherwatt::cli
