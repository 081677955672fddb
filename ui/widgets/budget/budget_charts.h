// The Budget view's pictures: the timeline of items (a row per item, a cell per month, machines in it) and the
// stacked monthly spend by item with the monthly cap.
#pragma once

#include "budget/budget_answer.h"

#include <QWidget>

#include <QColor>

#include <memory>
#include <optional>

class QChart;
class QChartView;
class QValueAxis;

namespace gpui
{

class BudgetTimeline : public QWidget
{
    Q_OBJECT
public:
    explicit BudgetTimeline(QWidget* parent = nullptr);
    ~BudgetTimeline() override;
    void setAnswer(std::shared_ptr<const gp::BudgetAnswer> answer);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::shared_ptr<const gp::BudgetAnswer> m_answer;
};

class BudgetSpendChart : public QWidget
{
    Q_OBJECT
public:
    explicit BudgetSpendChart(QWidget* parent = nullptr);
    ~BudgetSpendChart() override;
    // `monthlyCap`: the budget's caps.per_month (drawn as a line), if any.
    void setAnswer(std::shared_ptr<const gp::BudgetAnswer> answer, std::optional<double> monthlyCap);
    void retranslate();
    QChart* chart() const { return m_chart; }

private:
    bool updateValues(); // the new answer's values into the chart's series; false when its bars are others
    void addCapSeries(QValueAxis* y);
    QValueAxis* footAxis();
    QChart* m_chart;
    QValueAxis* m_footAxis = nullptr;
    QChartView* m_view;
    std::shared_ptr<const gp::BudgetAnswer> m_answer;
    std::optional<double> m_cap;
};

// A colour per item, the same in the timeline and the chart.
QColor budgetItemColor(int index);

} // namespace gpui
