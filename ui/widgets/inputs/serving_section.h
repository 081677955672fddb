// The Serving group (workload.serving): lengths, load, latency targets, KV cache, replicas and requests per month;
// the engine's knobs behind "Advanced". Optional values show their "none" / "auto" / "engine default" at the box's
// minimum.
#pragma once

#include "widgets/inputs/section_kit.h"

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLineEdit;
class QSpinBox;
class QToolButton;
class QVBoxLayout;

namespace gpui
{

class ServingSection : public InputsSection
{
public:
    ServingSection(SectionKit& kit, QVBoxLayout* outer);

    void setPlan(const gp::Plan& plan) override;
    bool apply(InputField field, gp::Plan& plan, bool& ok) override;
    QString describe(InputField field) const override;
    void showState(const InputsState& state) override;
    // Requests-per-month and CUDA-graph batch-size text the plan could not take keeps its message.
    void showTextProblems();
    // The engine's form behind "Advanced", where the table's serving rows go.
    QFormLayout* engineForm() const { return m_engineForm; }

    QGroupBox* group() const { return m_group; }
    QSpinBox* promptBox() const { return m_prompt; }
    QSpinBox* outputBox() const { return m_output; }
    QComboBox* loadKindBox() const { return m_loadKind; }
    QSpinBox* concurrencyBox() const { return m_concurrency; }
    QDoubleSpinBox* rateBox() const { return m_rate; }
    QDoubleSpinBox* ttftBox() const { return m_ttft; }
    QDoubleSpinBox* tpotBox() const { return m_tpot; }
    QComboBox* kvBox() const { return m_kv; }
    QSpinBox* replicasBox() const { return m_replicas; }
    QLineEdit* requestsPerMonthBox() const { return m_requestsPerMonth; }
    QToolButton* advancedButton() const { return m_advancedButton; }
    QDoubleSpinBox* gpuUtilizationBox() const { return m_gpuUtilization; }
    QSpinBox* maxSeqsBox() const { return m_maxSeqs; }
    QSpinBox* maxTokensBox() const { return m_maxTokens; }
    QDoubleSpinBox* prefixHitBox() const { return m_prefixHit; }
    QLineEdit* graphBatchSizesBox() const { return m_graphBatchSizes; }

private:
    void addLoadRow(QFormLayout* form);
    void addTargetRows(QFormLayout* form);
    void addDeploymentRows(QFormLayout* form);
    void addEngineRows(QFormLayout* form);
    void connectInputs();

    SectionKit& m_kit;
    QGroupBox* m_group = nullptr;
    QSpinBox* m_prompt = nullptr;
    QSpinBox* m_output = nullptr;
    QComboBox* m_loadKind = nullptr;
    QSpinBox* m_concurrency = nullptr;
    QDoubleSpinBox* m_rate = nullptr;
    QDoubleSpinBox* m_ttft = nullptr; // seconds
    QDoubleSpinBox* m_tpot = nullptr; // milliseconds
    QComboBox* m_kv = nullptr; // -1 = the compute precision
    QSpinBox* m_replicas = nullptr; // 0 = auto
    QLineEdit* m_requestsPerMonth = nullptr;
    QToolButton* m_advancedButton = nullptr;
    QWidget* m_advanced = nullptr;
    QFormLayout* m_engineForm = nullptr;
    QDoubleSpinBox* m_gpuUtilization = nullptr;
    QSpinBox* m_maxSeqs = nullptr;
    QSpinBox* m_maxTokens = nullptr;
    QDoubleSpinBox* m_prefixHit = nullptr;
    QLineEdit* m_graphBatchSizes = nullptr; // workload.serving.engine.cuda_graph_batch_sizes: empty = engine default
};

} // namespace gpui
