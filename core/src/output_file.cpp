#include "messages.h"

#include <cipherwatt/core/output_file.h>

#include <QFile>
#include <QSaveFile>

#include <cerrno>
#include <cstring>
#include <optional>
#include <sys/stat.h>

namespace cipherwatt::core {

namespace {

// The system's reason for `error`, in English (strerror's words, as the shell shows them).
QString systemReason(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// What kind of file is at `path` (following symbolic links): none, or its stat mode.
std::optional<mode_t> fileMode(const QString &path)
{
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return std::nullopt;
    return st.st_mode;
}

} // namespace

OutputFile::OutputFile(QString path)
    : m_path(std::move(path))
{}

OutputFile::~OutputFile()
{
    cancel();
}

Error OutputFile::failure(const QString &why) const
{
    return Error{ErrorCode::Io, Message(msg::kCannotWrite).arg(m_path, why)};
}

Result<void> OutputFile::open()
{
    if (m_path.isEmpty())
        return failure(QStringLiteral("no file name"));
    if (const auto mode = fileMode(m_path)) {
        if (S_ISDIR(*mode))
            return Error{ErrorCode::Io, Message(msg::kOutputIsDirectory).arg(m_path)};
        if (S_ISBLK(*mode))
            return Error{ErrorCode::Io, Message(msg::kOutputIsBlockDevice).arg(m_path)};
        if (S_ISSOCK(*mode))
            return Error{ErrorCode::Io, Message(msg::kOutputIsSocket).arg(m_path)};
        if (S_ISFIFO(*mode) || S_ISCHR(*mode)) {
            // Unbuffered: a failing write (ENOSPC on /dev/full, a reader gone) is seen at once.
            m_direct = std::make_unique<QFile>(m_path);
            errno = 0;
            if (!m_direct->open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
                const QString why = m_direct->errorString();
                m_direct.reset();
                return failure(why);
            }
            return {};
        }
    }
    m_save = std::make_unique<QSaveFile>(m_path);
    if (!m_save->open(QIODevice::WriteOnly)) {
        const QString why = m_save->errorString();
        m_save.reset();
        return failure(why);
    }
    return {};
}

QIODevice &OutputFile::device()
{
    if (m_direct)
        return *m_direct;
    Q_ASSERT(m_save);
    return *m_save;
}

Result<void> OutputFile::commit()
{
    if (m_direct) {
        errno = 0;
        const bool flushed = m_direct->flush();
        const int error = errno;
        const bool failed = !flushed || m_direct->error() != QFileDevice::NoError;
        const QString why = m_direct->errorString();
        m_direct->close();
        m_direct.reset();
        if (failed)
            return failure(error != 0 ? systemReason(error) : why);
        return {};
    }
    if (!m_save)
        return failure(QStringLiteral("the file is not open"));
    // QSaveFile writes through a buffer: a full disk shows at the flush, and its error string
    // is the system's reason only while errno still holds it.
    errno = 0;
    const bool flushed = m_save->flush();
    const int flushErrno = errno;
    QString why = m_save->errorString();
    if (!flushed) {
        m_save->cancelWriting();
        m_save.reset();
        return failure(flushErrno != 0 ? systemReason(flushErrno) : why);
    }
    errno = 0;
    const bool committed = m_save->commit();
    const int commitErrno = errno;
    why = m_save->errorString();
    m_save.reset();
    if (!committed)
        return failure(commitErrno != 0 ? systemReason(commitErrno) : why);
    return {};
}

Error OutputFile::abandon()
{
    const int error = errno;
    QString why = m_save || m_direct ? device().errorString() : QString();
    if (why.isEmpty() || why == QLatin1String("Unknown error"))
        why = error != 0 ? systemReason(error) : QStringLiteral("the write failed");
    cancel();
    return failure(why);
}

void OutputFile::cancel()
{
    if (m_save) {
        m_save->cancelWriting();
        m_save.reset();
    }
    if (m_direct) {
        m_direct->close();
        m_direct.reset();
    }
}

} // namespace cipherwatt::core
