#pragma once

// Ctrl-C and SIGTERM as a Qt signal, so a command can stop cleanly and keep what it measured.

#include <QObject>
#include <QSocketNotifier>

#include <memory>

namespace cipherwatt::cli {

class InterruptWatcher : public QObject
{
    Q_OBJECT

public:
    explicit InterruptWatcher(QObject *parent = nullptr);
    ~InterruptWatcher() override;

    int count() const { return m_count; }

signals:
    // 1 on the first Ctrl-C or SIGTERM, 2 on the second, ...; `signal`: SIGINT or SIGTERM.
    void interrupted(int count, int signal);

private:
    std::unique_ptr<QSocketNotifier> m_notifier;
    int m_count = 0;
};

} // namespace cipherwatt::cli
