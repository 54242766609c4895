#pragma once

// A file a report, an export or a log is written to, as the operator named it:
// - a regular file, a symbolic link to one, or a new name: written to a temporary file beside
//   it and renamed over it when complete, so it appears whole or not at all and an old file
//   stays until the new one is complete;
// - a named pipe (FIFO) or a character device (/dev/stdout, a pipe to another program):
//   written through, never replaced, never removed;
// - anything else (a directory, a block device, a socket): refused, saying what it is.
// Errors name the file and say why (the system's reason: "No space left on device").

#include <cipherwatt/core/error.h>

#include <QString>

#include <memory>

class QFile;
class QIODevice;
class QSaveFile;

namespace cipherwatt::core {

class OutputFile
{
public:
    explicit OutputFile(QString path);
    ~OutputFile();
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    // Opens the file for writing (a FIFO blocks until a reader opens it, as any writer does).
    Result<void> open();
    // The open device to write to.
    QIODevice &device();
    // Whether it is written through (a FIFO or a character device) rather than replaced.
    bool isWrittenThrough() const { return m_direct != nullptr; }

    // Makes what was written the file's content: renames the temporary file over the target,
    // or flushes what is written through. After a failed write, says why.
    Result<void> commit();
    // Drops what was written (the temporary file); an existing file keeps its content.
    void cancel();
    // After a write that failed: drops what was written and says why.
    Error abandon();

    const QString &path() const { return m_path; }

private:
    Error failure(const QString &why) const;

    QString m_path;
    std::unique_ptr<QSaveFile> m_save;
    std::unique_ptr<QFile> m_direct;
};

} // namespace cipherwatt::core
