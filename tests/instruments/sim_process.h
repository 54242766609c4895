#pragma once

// wt300-sim as a child process, for the driver's tests over TCP and serial.

#include <QString>

#include <memory>
#include <process.h>
#include <string>
#include <vector>

namespace cipherwatt::test {

class SimProcess
{
public:
    // Starts `wt300-sim <args>` and waits for the line that says where it serves.
    explicit SimProcess(std::vector<std::string> args);
    ~SimProcess();

    QString resource() const { return m_resource; } // "tcp:127.0.0.1:<port>" or the pty path
    QString ptyPath() const { return m_pty; }
    Child &child() { return *m_child; }

private:
    std::unique_ptr<Child> m_child;
    QString m_resource;
    QString m_pty;
};

} // namespace cipherwatt::test
