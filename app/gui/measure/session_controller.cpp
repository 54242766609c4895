#include "measure/session_controller.h"

#include <QEventLoop>
#include <QMetaObject>
#include <QTimer>

namespace cipherwatt::gui {

using namespace core;

SessionController::SessionController(QObject *parent)
    : QObject(parent)
{}

SessionController::~SessionController()
{
    if (m_runner == nullptr)
        return;
    // Leaving with a session running: cancel it and wait (bounded) for the governor restore and
    // the final status, so the database is left consistent.
    QEventLoop loop;
    connect(this, &SessionController::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(15000, &loop, &QEventLoop::quit);
    cancel();
    loop.exec();
    cleanUp();
    // The runner's thread ends the worker and closes the meter as it finishes; at exit that
    // must be over before the process goes.
    for (QThread *t : findChildren<QThread *>())
        t->wait(10000);
}

bool SessionController::start(const SessionSettings &settings, const RunnerOptions &options)
{
    if (m_runner != nullptr)
        return false;
    m_sessionId = 0;
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("session runner"));
    m_runner = new SessionRunner(settings, options);
    m_runner->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_runner, &QObject::deleteLater);
    connect(m_runner, &SessionRunner::prepared, this, &SessionController::prepared);
    connect(m_runner, &SessionRunner::sessionCreated, this, [this](qint64 id) {
        m_sessionId = id;
        emit sessionCreated(id);
    });
    connect(m_runner, &SessionRunner::phaseChanged, this, &SessionController::phaseChanged);
    connect(m_runner, &SessionRunner::sampleArrived, this, &SessionController::sampleArrived);
    connect(m_runner, &SessionRunner::sourceSampleArrived, this,
            &SessionController::sourceSampleArrived);
    connect(m_runner, &SessionRunner::runUpdated, this, &SessionController::runUpdated);
    connect(m_runner, &SessionRunner::baselineMeasured, this, &SessionController::baselineMeasured);
    connect(m_runner, &SessionRunner::activityMeasured, this, &SessionController::activityMeasured);
    connect(m_runner, &SessionRunner::progress, this, &SessionController::progress);
    // The runner reports in English (as it stores); the window shows its language.
    connect(m_runner, &SessionRunner::warning, this,
            [this](const core::Message &text) { emit warning(text.translated()); });
    connect(m_runner, &SessionRunner::note, this,
            [this](const core::Message &text) { emit note(text.translated()); });
    connect(m_runner, &SessionRunner::finished, this,
            [this](SessionStatus status, const core::Message &reason) {
                cleanUp();
                emit finished(status, reason.translated());
            });
    m_thread->start();
    SessionRunner *runner = m_runner;
    QMetaObject::invokeMethod(
        runner, [runner] { runner->start(); }, Qt::QueuedConnection);
    return true;
}

void SessionController::cancel()
{
    if (m_runner == nullptr)
        return;
    SessionRunner *runner = m_runner;
    QMetaObject::invokeMethod(
        runner, [runner] { runner->cancel(); }, Qt::QueuedConnection);
}

void SessionController::cleanUp()
{
    if (m_thread == nullptr)
        return;
    // The runner is deleted on its thread when the thread finishes (closing the meter and
    // waiting for the worker to exit can take a moment); the window does not wait for it.
    m_runner = nullptr;
    connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    m_thread->quit();
    m_thread = nullptr;
}

} // namespace cipherwatt::gui
