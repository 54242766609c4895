#pragma once

// The window's answers to an SSH link's questions: an unknown host key shown by its SHA-256
// fingerprint (Accept and Remember / Reject), a passphrase or password in a dialog (used once,
// never stored), and whether to upload the worker. The link asks from the DUT's thread; the
// dialogs open on the GUI thread while the DUT's thread waits for the answer.

#include <cipherwatt/core/ssh.h>

#include <QObject>
#include <QPointer>
#include <QWidget>

#include <optional>

namespace cipherwatt::gui {

class SshPrompts : public QObject
{
    Q_OBJECT

public:
    // The dialogs open over `parent`.
    explicit SshPrompts(QWidget *parent);

    // `base` with its questions answered by these dialogs. Should the window be gone when a
    // question comes, the answer is no.
    core::SshOptions answering(core::SshOptions base) const;

    bool askHostKey(const core::HostKeyInfo &info, const QString &appKnownHosts);
    std::optional<QString> askSecret(const QString &prompt, bool echo);
    bool askUpload(const QString &why);

private:
    QPointer<QWidget> m_parent;
};

} // namespace cipherwatt::gui
