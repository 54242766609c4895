#include "sim_process.h"

#include <catch2/catch.hpp>

#include <csignal>

namespace cipherwatt::test {

SimProcess::SimProcess(std::vector<std::string> args)
{
    args.insert(args.begin(), CIPHERWATT_SIM_EXE);
    m_child = std::make_unique<Child>(args);
    const auto line = m_child->readLine(std::chrono::seconds(10));
    REQUIRE(line.has_value());
    const QString text = QString::fromStdString(*line);
    INFO(text.toStdString());
    if (const qsizetype at = text.indexOf(QStringLiteral("listening on ")); at >= 0) {
        m_resource = QStringLiteral("tcp:") + text.mid(at + 13).section(QLatin1Char(' '), 0, 0);
    } else if (const qsizetype port = text.indexOf(QStringLiteral("serial port ")); port >= 0) {
        m_pty = text.mid(port + 12).section(QLatin1Char(' '), 0, 0);
        m_resource = QStringLiteral("serial:") + m_pty;
    }
    REQUIRE_FALSE(m_resource.isEmpty());
}

SimProcess::~SimProcess()
{
    m_child->kill(SIGTERM);
    m_child->wait(std::chrono::seconds(5));
}

} // namespace cipherwatt::test
