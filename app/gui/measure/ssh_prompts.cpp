#include "measure/ssh_prompts.h"

#include <QDir>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QMetaObject>
#include <QPushButton>
#include <QThread>

namespace cipherwatt::gui {

SshPrompts::SshPrompts(QWidget *parent)
    : QObject(parent)
    , m_parent(parent)
{}

core::SshOptions SshPrompts::answering(core::SshOptions base) const
{
    const QPointer<SshPrompts> self(const_cast<SshPrompts *>(this));
    // The questions go to this object's thread, and the DUT's thread waits for the answers.
    const auto ask = [self](auto question, auto declined) {
        decltype(declined) answer = declined;
        if (!self)
            return answer;
        if (QThread::currentThread() == self->thread())
            answer = question(*self);
        else
            QMetaObject::invokeMethod(
                self, [&] { answer = question(*self); }, Qt::BlockingQueuedConnection);
        return answer;
    };
    const QString appKnownHosts =
        base.appKnownHosts.isEmpty() ? core::defaultAppKnownHosts() : base.appKnownHosts;
    base.confirmHostKey = [ask, appKnownHosts](const core::HostKeyInfo &info) {
        return ask([&](SshPrompts &p) { return p.askHostKey(info, appKnownHosts); }, false);
    };
    base.askSecret = [ask](const QString &prompt, bool echo) {
        return ask([&](SshPrompts &p) { return p.askSecret(prompt, echo); },
                   std::optional<QString>());
    };
    base.confirmUpload = [ask](const QString &why) {
        return ask([&](SshPrompts &p) { return p.askUpload(why); }, false);
    };
    return base;
}

bool SshPrompts::askHostKey(const core::HostKeyInfo &info, const QString &appKnownHosts)
{
    QMessageBox box(QMessageBox::Warning, tr("Unknown SSH Host Key"),
                    tr("The DUT %1 (port %2) is not known yet. Its %3 host key has the "
                       "fingerprint:")
                            .arg(info.host.toHtmlEscaped())
                            .arg(info.port)
                            .arg(info.type.toHtmlEscaped()) +
                        QStringLiteral("<p style=\"font-family: monospace; font-size: large\">"
                                       "%1</p>")
                            .arg(info.sha256Fingerprint.toHtmlEscaped()),
                    QMessageBox::NoButton, m_parent);
    box.setObjectName(QStringLiteral("hostKeyConfirmation"));
    box.setTextFormat(Qt::RichText);
    box.setInformativeText(
        tr("Compare it with what <code>ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub</code> "
           "prints on the DUT itself. Accept it only if they match: it is then recorded in "
           "%1, and a different key later is refused.")
            .arg(QDir::toNativeSeparators(appKnownHosts).toHtmlEscaped()));
    QPushButton *accept = box.addButton(tr("Accept and Remember"), QMessageBox::AcceptRole);
    accept->setObjectName(QStringLiteral("acceptHostKey"));
    QPushButton *reject = box.addButton(tr("Reject"), QMessageBox::RejectRole);
    reject->setObjectName(QStringLiteral("rejectHostKey"));
    box.setDefaultButton(reject);
    box.setEscapeButton(reject);
    box.exec();
    return box.clickedButton() == accept;
}

std::optional<QString> SshPrompts::askSecret(const QString &prompt, bool echo)
{
    QInputDialog dialog(m_parent);
    dialog.setObjectName(QStringLiteral("sshSecret"));
    dialog.setWindowTitle(tr("SSH Authentication"));
    dialog.setLabelText(prompt);
    dialog.setTextEchoMode(echo ? QLineEdit::Normal : QLineEdit::Password);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    QString answer = dialog.textValue();
    dialog.setTextValue(QString()); // not left in the dialog's line edit
    return answer;
}

bool SshPrompts::askUpload(const QString &why)
{
    QMessageBox box(QMessageBox::Question, tr("Upload the Worker"),
                    tr("The DUT has no usable cipherwatt-bench of this version: %1.").arg(why),
                    QMessageBox::Yes | QMessageBox::No, m_parent);
    box.setObjectName(QStringLiteral("uploadConfirmation"));
    box.setInformativeText(tr("Upload this computer's build to a private cache directory on the "
                              "DUT? Its SHA-256 is checked there before it runs."));
    box.setDefaultButton(QMessageBox::No);
    return box.exec() == QMessageBox::Yes;
}

} // namespace cipherwatt::gui
