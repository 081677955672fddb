// The window's splitter sizes are saved by name with a version (ui/splitter_state.h): they come back onto the same
// splitters, and never onto a splitter that was added, renamed or given another number of widgets since, nor from
// the unversioned form saved before.
#include "splitter_state.h"

#include <QDataStream>
#include <QIODevice>
#include <QLabel>
#include <QSplitter>

#include <gtest/gtest.h>

#include <memory>

using namespace gpui;

namespace
{

std::unique_ptr<QSplitter> namedSplitter(const QString& name, int widgets, const QList<int>& sizes = {})
{
    auto splitter = std::make_unique<QSplitter>(Qt::Horizontal);
    splitter->setObjectName(name);
    for (int i = 0; i < widgets; ++i)
        splitter->addWidget(new QLabel(QString::number(i)));
    splitter->resize(600, 100);
    if (!sizes.isEmpty())
        splitter->setSizes(sizes);
    return splitter;
}

} // namespace

TEST(SplitterState, SizesComeBackOntoTheSplittersOfTheSameName)
{
    auto charts = namedSplitter(QStringLiteral("chartSplitter"), 2, { 100, 500 });
    auto bottom = namedSplitter(QStringLiteral("bottomSplitter"), 2, { 450, 150 });
    const QByteArray saved = saveSplitterStates({ charts.get(), bottom.get() });
    // The next session lists them the other way round, with a new splitter between them.
    auto newBottom = namedSplitter(QStringLiteral("bottomSplitter"), 2);
    auto added = namedSplitter(QStringLiteral("tableSplitter"), 2);
    auto newCharts = namedSplitter(QStringLiteral("chartSplitter"), 2);
    const QList<int> addedBefore = added->sizes();
    const QSet<QString> restored = restoreSplitterStates(saved, { newBottom.get(), added.get(), newCharts.get() });
    EXPECT_EQ(restored, (QSet<QString> { QStringLiteral("chartSplitter"), QStringLiteral("bottomSplitter") }));
    EXPECT_EQ(newCharts->sizes(), charts->sizes());
    EXPECT_EQ(newBottom->sizes(), bottom->sizes());
    EXPECT_EQ(added->sizes(), addedBefore) << "a splitter added since keeps its own sizes";
}

TEST(SplitterState, ASplitterWithAnotherWidgetCountOrAnOldStateRestoresNothing)
{
    auto charts = namedSplitter(QStringLiteral("chartSplitter"), 2, { 100, 500 });
    const QByteArray saved = saveSplitterStates({ charts.get() });
    auto three = namedSplitter(QStringLiteral("chartSplitter"), 3);
    const QList<int> before = three->sizes();
    EXPECT_TRUE(restoreSplitterStates(saved, { three.get() }).isEmpty());
    EXPECT_EQ(three->sizes(), before) << "a chart added to the splitter: the two saved sizes are not applied";

    // The unversioned form before it: four states in a row, by position.
    QByteArray old;
    QDataStream out(&old, QIODevice::WriteOnly);
    out << charts->saveState() << charts->saveState() << charts->saveState() << charts->saveState();
    auto fresh = namedSplitter(QStringLiteral("chartSplitter"), 2);
    const QList<int> freshBefore = fresh->sizes();
    EXPECT_TRUE(restoreSplitterStates(old, { fresh.get() }).isEmpty());
    EXPECT_EQ(fresh->sizes(), freshBefore);
    EXPECT_TRUE(restoreSplitterStates(QByteArray(), { fresh.get() }).isEmpty());
}
