#include "interrupt.h"

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace cipherwatt::cli {

namespace {

int g_pipe[2] = {-1, -1};

void onSignal(int signo)
{
    const auto c = static_cast<char>(signo);
    (void)!::write(g_pipe[1], &c, 1); // async-signal-safe
}

} // namespace

InterruptWatcher::InterruptWatcher(QObject *parent)
    : QObject(parent)
{
    if (g_pipe[0] < 0 && ::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    m_notifier = std::make_unique<QSocketNotifier>(g_pipe[0], QSocketNotifier::Read);
    connect(m_notifier.get(), &QSocketNotifier::activated, this, [this] {
        char buffer[16];
        ssize_t n = 0;
        while ((n = ::read(g_pipe[0], buffer, sizeof buffer)) > 0) {
            for (ssize_t i = 0; i < n; ++i)
                emit interrupted(++m_count, buffer[i]);
        }
    });
}

InterruptWatcher::~InterruptWatcher()
{
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
}

} // namespace cipherwatt::cli
