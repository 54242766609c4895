#include "widgets/chart_menu.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <qcustomplot.h>

namespace cipherwatt::gui {

namespace {

const QString kFolderKey = QStringLiteral("charts/folder");
const char *const kMenuProperty = "cipherwattChartMenu";

QString tr(const char *text)
{
    return QCoreApplication::translate("cipherwatt::gui::ChartMenu", text);
}

} // namespace

bool saveChartWithDialog(QWidget *parent, const ChartSaver &save, const QString &baseName)
{
    QString folder = QSettings().value(kFolderKey).toString();
    if (folder.isEmpty() || !QDir(folder).exists())
        folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (folder.isEmpty() || !QDir(folder).exists())
        folder = QDir::homePath();
    const QString png = tr("PNG image, 300 dpi (*.png)");
    const QString svg = tr("SVG drawing (*.svg)");
    const QString pdf = tr("PDF document (*.pdf)");
    QString filter = png;
    QString path = QFileDialog::getSaveFileName(
        parent, tr("Save Chart"), QDir(folder).filePath(baseName + QStringLiteral(".png")),
        QStringList{png, svg, pdf}.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return false;
    // The filter chosen gives the suffix when none was typed.
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == svg   ? QStringLiteral(".svg")
                : filter == pdf ? QStringLiteral(".pdf")
                                : QStringLiteral(".png");
    QSettings().setValue(kFolderKey, QFileInfo(path).absolutePath());
    const auto r = save(path);
    if (!r) {
        QMessageBox::warning(parent, tr("Save Chart"),
                             tr("The chart was not saved: %1").arg(r.error().message.translated()));
        return false;
    }
    return true;
}

void addChartMenu(QCustomPlot *plot, ChartSaver save, std::function<QString()> baseName)
{
    auto *menu = new QMenu(plot);
    menu->setObjectName(QStringLiteral("chartMenu"));
    QAction *action = menu->addAction(tr("Save Chart As…"));
    action->setObjectName(QStringLiteral("saveChart"));
    action->setToolTip(tr("Write this chart as PNG, SVG or PDF, sized and lettered for a paper"));
    QObject::connect(action, &QAction::triggered, plot,
                     [plot, save = std::move(save), baseName = std::move(baseName)] {
                         saveChartWithDialog(plot, save, baseName());
                     });
    plot->setProperty(kMenuProperty, QVariant::fromValue(static_cast<QObject *>(menu)));
    plot->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(plot, &QWidget::customContextMenuRequested, menu,
                     [plot, menu](const QPoint &pos) { menu->popup(plot->mapToGlobal(pos)); });
}

QMenu *chartMenu(QCustomPlot *plot)
{
    return qobject_cast<QMenu *>(plot->property(kMenuProperty).value<QObject *>());
}

} // namespace cipherwatt::gui
