#include <cipherwatt/core/plan.h>

#include <QJsonObject>

#include <algorithm>

namespace cipherwatt::core {

bool CatalogueEntry::keyAgreement() const
{
    return operations.contains(QStringLiteral("agree"));
}

std::vector<CatalogueEntry> parseCatalogue(const QJsonArray &ciphers)
{
    std::vector<CatalogueEntry> out;
    for (const QJsonValue &v : ciphers) {
        const QJsonObject o = v.toObject();
        CatalogueEntry e;
        e.id = o[QStringLiteral("id")].toString();
        e.family = o[QStringLiteral("family")].toString();
        e.mode = o[QStringLiteral("mode")].toString();
        e.keyBits = o[QStringLiteral("key_bits")].toInt();
        for (const QJsonValue &op : o[QStringLiteral("operations")].toArray())
            e.operations << op.toString();
        for (const QJsonValue &b : o[QStringLiteral("backends")].toArray())
            e.backends << b.toString();
        if (!e.id.isEmpty())
            out.push_back(std::move(e));
    }
    return out;
}

namespace {

Error planError(const QString &message)
{
    return Error{instruments::ErrorCode::BadResource, QStringLiteral("--plan: ") + message};
}

} // namespace

Result<std::vector<PlanEntry>> resolvePlan(const QString &spec,
                                           const std::vector<CatalogueEntry> &catalogue)
{
    std::vector<PlanEntry> out;
    const QStringList items = spec.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (items.isEmpty())
        return planError(QStringLiteral("empty; give e.g. aes-128-xts/openssl:encrypt,chacha20"));
    for (const QString &raw : items) {
        const QString item = raw.trimmed();
        QString head = item;
        QStringList ops;
        if (const qsizetype colon = item.indexOf(QLatin1Char(':')); colon >= 0) {
            head = item.left(colon);
            ops = item.mid(colon + 1).split(QLatin1Char('+'));
            if (ops.contains(QString()))
                return planError(QStringLiteral("'%1': an empty operation").arg(item));
        }
        QString id = head;
        QString backend;
        if (const qsizetype slash = head.indexOf(QLatin1Char('/')); slash >= 0) {
            id = head.left(slash);
            backend = head.mid(slash + 1);
        }
        const auto found = std::find_if(catalogue.begin(), catalogue.end(),
                                        [&](const CatalogueEntry &e) { return e.id == id; });
        if (found == catalogue.end()) {
            QStringList ids;
            for (const CatalogueEntry &e : catalogue)
                ids << e.id;
            return planError(QStringLiteral("unknown cipher '%1'; valid ids: %2")
                                 .arg(id, ids.join(QStringLiteral(", "))));
        }
        if (found->backends.isEmpty())
            return planError(QStringLiteral("%1 has no backend on this DUT").arg(id));
        QStringList backends = found->backends;
        if (!backend.isEmpty()) {
            if (!found->backends.contains(backend))
                return planError(QStringLiteral("%1 has no backend '%2' on this DUT (it has %3)")
                                     .arg(id, backend, found->backends.join(QStringLiteral(", "))));
            backends = {backend};
        }
        if (ops.isEmpty())
            ops = found->keyAgreement()
                      ? QStringList{QStringLiteral("keygen"), QStringLiteral("agree")}
                      : QStringList{QStringLiteral("encrypt"), QStringLiteral("decrypt")};
        for (const QString &op : ops) {
            if (!found->operations.contains(op))
                return planError(QStringLiteral("%1 has no operation '%2' (it has %3)")
                                     .arg(id, op, found->operations.join(QStringLiteral(", "))));
        }
        for (const QString &b : backends) {
            for (const QString &op : ops) {
                PlanEntry e{id, b, op};
                const bool duplicate = std::any_of(out.begin(), out.end(), [&](const PlanEntry &x) {
                    return x.cipher == e.cipher && x.backend == e.backend &&
                           x.operation == e.operation;
                });
                if (!duplicate)
                    out.push_back(e);
            }
        }
    }
    return out;
}

std::vector<PlannedRun> expandPlan(const std::vector<PlanEntry> &entries,
                                   const std::vector<CatalogueEntry> &catalogue,
                                   const std::vector<std::size_t> &bufferSizes, int repeats)
{
    std::vector<PlannedRun> runs;
    int ordinal = 0;
    for (int repeat = 1; repeat <= repeats; ++repeat) {
        for (const PlanEntry &e : entries) {
            const auto c = std::find_if(catalogue.begin(), catalogue.end(),
                                        [&](const CatalogueEntry &x) { return x.id == e.cipher; });
            const bool agreement = c != catalogue.end() && c->keyAgreement();
            // Key agreement has no buffer: one run, whatever the sizes.
            const std::vector<std::size_t> sizes =
                agreement ? std::vector<std::size_t>{32} : bufferSizes;
            for (const std::size_t size : sizes)
                runs.push_back({++ordinal, e, size, repeat});
        }
    }
    return runs;
}

} // namespace cipherwatt::core
