"""Contains all the data models used in inputs/outputs"""

from .delete_v1_rules_id_response_400 import DeleteV1RulesIdResponse400
from .delete_v1_rules_id_response_401 import DeleteV1RulesIdResponse401
from .delete_v1_rules_id_response_403 import DeleteV1RulesIdResponse403
from .delete_v1_rules_id_response_404 import DeleteV1RulesIdResponse404
from .delete_v1_rules_id_response_408 import DeleteV1RulesIdResponse408
from .delete_v1_rules_id_response_413 import DeleteV1RulesIdResponse413
from .delete_v1_rules_id_response_415 import DeleteV1RulesIdResponse415
from .delete_v1_rules_id_response_429 import DeleteV1RulesIdResponse429
from .delete_v1_rules_id_response_431 import DeleteV1RulesIdResponse431
from .delete_v1_rules_id_response_503 import DeleteV1RulesIdResponse503
from .get_healthz_response_200 import GetHealthzResponse200
from .get_healthz_response_200_status import GetHealthzResponse200Status
from .get_healthz_response_431 import GetHealthzResponse431
from .get_healthz_response_503 import GetHealthzResponse503
from .get_metrics_response_431 import GetMetricsResponse431
from .get_metrics_response_503 import GetMetricsResponse503
from .get_readyz_response_200 import GetReadyzResponse200
from .get_readyz_response_200_checks import GetReadyzResponse200Checks
from .get_readyz_response_200_checks_additional_property import (
    GetReadyzResponse200ChecksAdditionalProperty,
)
from .get_readyz_response_200_status_type_0 import GetReadyzResponse200StatusType0
from .get_readyz_response_200_status_type_1 import GetReadyzResponse200StatusType1
from .get_readyz_response_431 import GetReadyzResponse431
from .get_readyz_response_503 import GetReadyzResponse503
from .get_v1_check_explain import GetV1CheckExplain
from .get_v1_check_response_200 import GetV1CheckResponse200
from .get_v1_check_response_200_account_type import GetV1CheckResponse200AccountType
from .get_v1_check_response_200_domain_pattern import GetV1CheckResponse200DomainPattern
from .get_v1_check_response_200_evidence_item import GetV1CheckResponse200EvidenceItem
from .get_v1_check_response_200_evidence_item_signal import (
    GetV1CheckResponse200EvidenceItemSignal,
)
from .get_v1_check_response_200_ip import GetV1CheckResponse200Ip
from .get_v1_check_response_200_ip_datacenter import GetV1CheckResponse200IpDatacenter
from .get_v1_check_response_200_ip_ignored import GetV1CheckResponse200IpIgnored
from .get_v1_check_response_200_mail_provider import GetV1CheckResponse200MailProvider
from .get_v1_check_response_200_reasons_item import GetV1CheckResponse200ReasonsItem
from .get_v1_check_response_200_rule import GetV1CheckResponse200Rule
from .get_v1_check_response_200_rule_action import GetV1CheckResponse200RuleAction
from .get_v1_check_response_200_verdict import GetV1CheckResponse200Verdict
from .get_v1_check_response_400 import GetV1CheckResponse400
from .get_v1_check_response_401 import GetV1CheckResponse401
from .get_v1_check_response_403 import GetV1CheckResponse403
from .get_v1_check_response_429 import GetV1CheckResponse429
from .get_v1_check_response_431 import GetV1CheckResponse431
from .get_v1_check_response_503 import GetV1CheckResponse503
from .get_v1_model_response_200 import GetV1ModelResponse200
from .get_v1_model_response_200_baseline import GetV1ModelResponse200Baseline
from .get_v1_model_response_200_learned import GetV1ModelResponse200Learned
from .get_v1_model_response_200_mode import GetV1ModelResponse200Mode
from .get_v1_model_response_200_serving import GetV1ModelResponse200Serving
from .get_v1_model_response_400 import GetV1ModelResponse400
from .get_v1_model_response_401 import GetV1ModelResponse401
from .get_v1_model_response_403 import GetV1ModelResponse403
from .get_v1_model_response_429 import GetV1ModelResponse429
from .get_v1_model_response_431 import GetV1ModelResponse431
from .get_v1_model_response_503 import GetV1ModelResponse503
from .get_v1_openapi_json_response_200 import GetV1OpenapiJsonResponse200
from .get_v1_openapi_json_response_431 import GetV1OpenapiJsonResponse431
from .get_v1_openapi_json_response_503 import GetV1OpenapiJsonResponse503
from .get_v1_rules_response_200 import GetV1RulesResponse200
from .get_v1_rules_response_200_rules_item import GetV1RulesResponse200RulesItem
from .get_v1_rules_response_200_rules_item_action import (
    GetV1RulesResponse200RulesItemAction,
)
from .get_v1_rules_response_200_rules_item_type import (
    GetV1RulesResponse200RulesItemType,
)
from .get_v1_rules_response_400 import GetV1RulesResponse400
from .get_v1_rules_response_401 import GetV1RulesResponse401
from .get_v1_rules_response_403 import GetV1RulesResponse403
from .get_v1_rules_response_429 import GetV1RulesResponse429
from .get_v1_rules_response_431 import GetV1RulesResponse431
from .get_v1_rules_response_503 import GetV1RulesResponse503
from .get_v1_settings_response_200 import GetV1SettingsResponse200
from .get_v1_settings_response_400 import GetV1SettingsResponse400
from .get_v1_settings_response_401 import GetV1SettingsResponse401
from .get_v1_settings_response_403 import GetV1SettingsResponse403
from .get_v1_settings_response_429 import GetV1SettingsResponse429
from .get_v1_settings_response_431 import GetV1SettingsResponse431
from .get_v1_settings_response_503 import GetV1SettingsResponse503
from .get_v1_stats_response_200 import GetV1StatsResponse200
from .get_v1_stats_response_200_days_item import GetV1StatsResponse200DaysItem
from .get_v1_stats_response_200_days_item_checks import (
    GetV1StatsResponse200DaysItemChecks,
)
from .get_v1_stats_response_200_days_item_models import (
    GetV1StatsResponse200DaysItemModels,
)
from .get_v1_stats_response_200_days_item_models_baseline import (
    GetV1StatsResponse200DaysItemModelsBaseline,
)
from .get_v1_stats_response_200_days_item_models_learned import (
    GetV1StatsResponse200DaysItemModelsLearned,
)
from .get_v1_stats_response_200_days_item_models_personal import (
    GetV1StatsResponse200DaysItemModelsPersonal,
)
from .get_v1_stats_response_200_days_item_models_published_item import (
    GetV1StatsResponse200DaysItemModelsPublishedItem,
)
from .get_v1_stats_response_200_days_item_models_published_item_model import (
    GetV1StatsResponse200DaysItemModelsPublishedItemModel,
)
from .get_v1_stats_response_200_days_item_outcomes import (
    GetV1StatsResponse200DaysItemOutcomes,
)
from .get_v1_stats_response_200_days_item_reasons import (
    GetV1StatsResponse200DaysItemReasons,
)
from .get_v1_stats_response_200_waves_item import GetV1StatsResponse200WavesItem
from .get_v1_stats_response_400 import GetV1StatsResponse400
from .get_v1_stats_response_401 import GetV1StatsResponse401
from .get_v1_stats_response_403 import GetV1StatsResponse403
from .get_v1_stats_response_429 import GetV1StatsResponse429
from .get_v1_stats_response_431 import GetV1StatsResponse431
from .get_v1_stats_response_503 import GetV1StatsResponse503
from .get_v1_usage_response_200 import GetV1UsageResponse200
from .get_v1_usage_response_200_days_item import GetV1UsageResponse200DaysItem
from .get_v1_usage_response_400 import GetV1UsageResponse400
from .get_v1_usage_response_401 import GetV1UsageResponse401
from .get_v1_usage_response_403 import GetV1UsageResponse403
from .get_v1_usage_response_429 import GetV1UsageResponse429
from .get_v1_usage_response_431 import GetV1UsageResponse431
from .get_v1_usage_response_503 import GetV1UsageResponse503
from .head_healthz_response_200 import HeadHealthzResponse200
from .head_healthz_response_200_status import HeadHealthzResponse200Status
from .head_healthz_response_431 import HeadHealthzResponse431
from .head_healthz_response_503 import HeadHealthzResponse503
from .head_metrics_response_431 import HeadMetricsResponse431
from .head_metrics_response_503 import HeadMetricsResponse503
from .head_readyz_response_200 import HeadReadyzResponse200
from .head_readyz_response_200_checks import HeadReadyzResponse200Checks
from .head_readyz_response_200_checks_additional_property import (
    HeadReadyzResponse200ChecksAdditionalProperty,
)
from .head_readyz_response_200_status_type_0 import HeadReadyzResponse200StatusType0
from .head_readyz_response_200_status_type_1 import HeadReadyzResponse200StatusType1
from .head_readyz_response_431 import HeadReadyzResponse431
from .head_readyz_response_503 import HeadReadyzResponse503
from .head_v1_model_response_200 import HeadV1ModelResponse200
from .head_v1_model_response_200_baseline import HeadV1ModelResponse200Baseline
from .head_v1_model_response_200_learned import HeadV1ModelResponse200Learned
from .head_v1_model_response_200_mode import HeadV1ModelResponse200Mode
from .head_v1_model_response_200_serving import HeadV1ModelResponse200Serving
from .head_v1_model_response_400 import HeadV1ModelResponse400
from .head_v1_model_response_401 import HeadV1ModelResponse401
from .head_v1_model_response_403 import HeadV1ModelResponse403
from .head_v1_model_response_429 import HeadV1ModelResponse429
from .head_v1_model_response_431 import HeadV1ModelResponse431
from .head_v1_model_response_503 import HeadV1ModelResponse503
from .head_v1_openapi_json_response_200 import HeadV1OpenapiJsonResponse200
from .head_v1_openapi_json_response_431 import HeadV1OpenapiJsonResponse431
from .head_v1_openapi_json_response_503 import HeadV1OpenapiJsonResponse503
from .head_v1_stats_response_200 import HeadV1StatsResponse200
from .head_v1_stats_response_200_days_item import HeadV1StatsResponse200DaysItem
from .head_v1_stats_response_200_days_item_checks import (
    HeadV1StatsResponse200DaysItemChecks,
)
from .head_v1_stats_response_200_days_item_models import (
    HeadV1StatsResponse200DaysItemModels,
)
from .head_v1_stats_response_200_days_item_models_baseline import (
    HeadV1StatsResponse200DaysItemModelsBaseline,
)
from .head_v1_stats_response_200_days_item_models_learned import (
    HeadV1StatsResponse200DaysItemModelsLearned,
)
from .head_v1_stats_response_200_days_item_models_personal import (
    HeadV1StatsResponse200DaysItemModelsPersonal,
)
from .head_v1_stats_response_200_days_item_models_published_item import (
    HeadV1StatsResponse200DaysItemModelsPublishedItem,
)
from .head_v1_stats_response_200_days_item_models_published_item_model import (
    HeadV1StatsResponse200DaysItemModelsPublishedItemModel,
)
from .head_v1_stats_response_200_days_item_outcomes import (
    HeadV1StatsResponse200DaysItemOutcomes,
)
from .head_v1_stats_response_200_days_item_reasons import (
    HeadV1StatsResponse200DaysItemReasons,
)
from .head_v1_stats_response_200_waves_item import HeadV1StatsResponse200WavesItem
from .head_v1_stats_response_400 import HeadV1StatsResponse400
from .head_v1_stats_response_401 import HeadV1StatsResponse401
from .head_v1_stats_response_403 import HeadV1StatsResponse403
from .head_v1_stats_response_429 import HeadV1StatsResponse429
from .head_v1_stats_response_431 import HeadV1StatsResponse431
from .head_v1_stats_response_503 import HeadV1StatsResponse503
from .head_v1_usage_response_200 import HeadV1UsageResponse200
from .head_v1_usage_response_200_days_item import HeadV1UsageResponse200DaysItem
from .head_v1_usage_response_400 import HeadV1UsageResponse400
from .head_v1_usage_response_401 import HeadV1UsageResponse401
from .head_v1_usage_response_403 import HeadV1UsageResponse403
from .head_v1_usage_response_429 import HeadV1UsageResponse429
from .head_v1_usage_response_431 import HeadV1UsageResponse431
from .head_v1_usage_response_503 import HeadV1UsageResponse503
from .patch_v1_settings_body import PatchV1SettingsBody
from .patch_v1_settings_response_200 import PatchV1SettingsResponse200
from .patch_v1_settings_response_400 import PatchV1SettingsResponse400
from .patch_v1_settings_response_401 import PatchV1SettingsResponse401
from .patch_v1_settings_response_403 import PatchV1SettingsResponse403
from .patch_v1_settings_response_408 import PatchV1SettingsResponse408
from .patch_v1_settings_response_413 import PatchV1SettingsResponse413
from .patch_v1_settings_response_415 import PatchV1SettingsResponse415
from .patch_v1_settings_response_429 import PatchV1SettingsResponse429
from .patch_v1_settings_response_431 import PatchV1SettingsResponse431
from .patch_v1_settings_response_503 import PatchV1SettingsResponse503
from .post_v1_check_body import PostV1CheckBody
from .post_v1_check_bulk_body import PostV1CheckBulkBody
from .post_v1_check_bulk_response_200 import PostV1CheckBulkResponse200
from .post_v1_check_bulk_response_200_results_item_type_0 import (
    PostV1CheckBulkResponse200ResultsItemType0,
)
from .post_v1_check_bulk_response_200_results_item_type_0_account_type import (
    PostV1CheckBulkResponse200ResultsItemType0AccountType,
)
from .post_v1_check_bulk_response_200_results_item_type_0_domain_pattern import (
    PostV1CheckBulkResponse200ResultsItemType0DomainPattern,
)
from .post_v1_check_bulk_response_200_results_item_type_0_mail_provider import (
    PostV1CheckBulkResponse200ResultsItemType0MailProvider,
)
from .post_v1_check_bulk_response_200_results_item_type_0_reasons_item import (
    PostV1CheckBulkResponse200ResultsItemType0ReasonsItem,
)
from .post_v1_check_bulk_response_200_results_item_type_0_rule import (
    PostV1CheckBulkResponse200ResultsItemType0Rule,
)
from .post_v1_check_bulk_response_200_results_item_type_0_rule_action import (
    PostV1CheckBulkResponse200ResultsItemType0RuleAction,
)
from .post_v1_check_bulk_response_200_results_item_type_0_verdict import (
    PostV1CheckBulkResponse200ResultsItemType0Verdict,
)
from .post_v1_check_bulk_response_200_results_item_type_1 import (
    PostV1CheckBulkResponse200ResultsItemType1,
)
from .post_v1_check_bulk_response_400 import PostV1CheckBulkResponse400
from .post_v1_check_bulk_response_401 import PostV1CheckBulkResponse401
from .post_v1_check_bulk_response_403 import PostV1CheckBulkResponse403
from .post_v1_check_bulk_response_408 import PostV1CheckBulkResponse408
from .post_v1_check_bulk_response_413 import PostV1CheckBulkResponse413
from .post_v1_check_bulk_response_415 import PostV1CheckBulkResponse415
from .post_v1_check_bulk_response_429 import PostV1CheckBulkResponse429
from .post_v1_check_bulk_response_431 import PostV1CheckBulkResponse431
from .post_v1_check_bulk_response_503 import PostV1CheckBulkResponse503
from .post_v1_check_response_200 import PostV1CheckResponse200
from .post_v1_check_response_200_account_type import PostV1CheckResponse200AccountType
from .post_v1_check_response_200_domain_pattern import (
    PostV1CheckResponse200DomainPattern,
)
from .post_v1_check_response_200_evidence_item import PostV1CheckResponse200EvidenceItem
from .post_v1_check_response_200_evidence_item_signal import (
    PostV1CheckResponse200EvidenceItemSignal,
)
from .post_v1_check_response_200_ip import PostV1CheckResponse200Ip
from .post_v1_check_response_200_ip_datacenter import PostV1CheckResponse200IpDatacenter
from .post_v1_check_response_200_ip_ignored import PostV1CheckResponse200IpIgnored
from .post_v1_check_response_200_mail_provider import PostV1CheckResponse200MailProvider
from .post_v1_check_response_200_reasons_item import PostV1CheckResponse200ReasonsItem
from .post_v1_check_response_200_rule import PostV1CheckResponse200Rule
from .post_v1_check_response_200_rule_action import PostV1CheckResponse200RuleAction
from .post_v1_check_response_200_verdict import PostV1CheckResponse200Verdict
from .post_v1_check_response_400 import PostV1CheckResponse400
from .post_v1_check_response_401 import PostV1CheckResponse401
from .post_v1_check_response_403 import PostV1CheckResponse403
from .post_v1_check_response_408 import PostV1CheckResponse408
from .post_v1_check_response_413 import PostV1CheckResponse413
from .post_v1_check_response_415 import PostV1CheckResponse415
from .post_v1_check_response_429 import PostV1CheckResponse429
from .post_v1_check_response_431 import PostV1CheckResponse431
from .post_v1_check_response_503 import PostV1CheckResponse503
from .post_v1_feedback_body import PostV1FeedbackBody
from .post_v1_feedback_body_outcome import PostV1FeedbackBodyOutcome
from .post_v1_feedback_response_202 import PostV1FeedbackResponse202
from .post_v1_feedback_response_202_status import PostV1FeedbackResponse202Status
from .post_v1_feedback_response_400 import PostV1FeedbackResponse400
from .post_v1_feedback_response_401 import PostV1FeedbackResponse401
from .post_v1_feedback_response_403 import PostV1FeedbackResponse403
from .post_v1_feedback_response_404 import PostV1FeedbackResponse404
from .post_v1_feedback_response_408 import PostV1FeedbackResponse408
from .post_v1_feedback_response_413 import PostV1FeedbackResponse413
from .post_v1_feedback_response_415 import PostV1FeedbackResponse415
from .post_v1_feedback_response_429 import PostV1FeedbackResponse429
from .post_v1_feedback_response_431 import PostV1FeedbackResponse431
from .post_v1_feedback_response_503 import PostV1FeedbackResponse503
from .post_v1_hooks_supabase_account_response_200_type_0 import (
    PostV1HooksSupabaseAccountResponse200Type0,
)
from .post_v1_hooks_supabase_account_response_200_type_1 import (
    PostV1HooksSupabaseAccountResponse200Type1,
)
from .post_v1_hooks_supabase_account_response_200_type_1_error import (
    PostV1HooksSupabaseAccountResponse200Type1Error,
)
from .post_v1_hooks_supabase_account_response_400 import (
    PostV1HooksSupabaseAccountResponse400,
)
from .post_v1_hooks_supabase_account_response_401 import (
    PostV1HooksSupabaseAccountResponse401,
)
from .post_v1_hooks_supabase_account_response_408 import (
    PostV1HooksSupabaseAccountResponse408,
)
from .post_v1_hooks_supabase_account_response_413 import (
    PostV1HooksSupabaseAccountResponse413,
)
from .post_v1_hooks_supabase_account_response_415 import (
    PostV1HooksSupabaseAccountResponse415,
)
from .post_v1_hooks_supabase_account_response_431 import (
    PostV1HooksSupabaseAccountResponse431,
)
from .post_v1_rules_body import PostV1RulesBody
from .post_v1_rules_body_action import PostV1RulesBodyAction
from .post_v1_rules_body_type import PostV1RulesBodyType
from .post_v1_rules_response_201 import PostV1RulesResponse201
from .post_v1_rules_response_201_action import PostV1RulesResponse201Action
from .post_v1_rules_response_201_type import PostV1RulesResponse201Type
from .post_v1_rules_response_400 import PostV1RulesResponse400
from .post_v1_rules_response_401 import PostV1RulesResponse401
from .post_v1_rules_response_403 import PostV1RulesResponse403
from .post_v1_rules_response_408 import PostV1RulesResponse408
from .post_v1_rules_response_413 import PostV1RulesResponse413
from .post_v1_rules_response_415 import PostV1RulesResponse415
from .post_v1_rules_response_429 import PostV1RulesResponse429
from .post_v1_rules_response_431 import PostV1RulesResponse431
from .post_v1_rules_response_503 import PostV1RulesResponse503

__all__ = (
    "DeleteV1RulesIdResponse400",
    "DeleteV1RulesIdResponse401",
    "DeleteV1RulesIdResponse403",
    "DeleteV1RulesIdResponse404",
    "DeleteV1RulesIdResponse408",
    "DeleteV1RulesIdResponse413",
    "DeleteV1RulesIdResponse415",
    "DeleteV1RulesIdResponse429",
    "DeleteV1RulesIdResponse431",
    "DeleteV1RulesIdResponse503",
    "GetHealthzResponse200",
    "GetHealthzResponse200Status",
    "GetHealthzResponse431",
    "GetHealthzResponse503",
    "GetMetricsResponse431",
    "GetMetricsResponse503",
    "GetReadyzResponse200",
    "GetReadyzResponse200Checks",
    "GetReadyzResponse200ChecksAdditionalProperty",
    "GetReadyzResponse200StatusType0",
    "GetReadyzResponse200StatusType1",
    "GetReadyzResponse431",
    "GetReadyzResponse503",
    "GetV1CheckExplain",
    "GetV1CheckResponse200",
    "GetV1CheckResponse200AccountType",
    "GetV1CheckResponse200DomainPattern",
    "GetV1CheckResponse200EvidenceItem",
    "GetV1CheckResponse200EvidenceItemSignal",
    "GetV1CheckResponse200Ip",
    "GetV1CheckResponse200IpDatacenter",
    "GetV1CheckResponse200IpIgnored",
    "GetV1CheckResponse200MailProvider",
    "GetV1CheckResponse200ReasonsItem",
    "GetV1CheckResponse200Rule",
    "GetV1CheckResponse200RuleAction",
    "GetV1CheckResponse200Verdict",
    "GetV1CheckResponse400",
    "GetV1CheckResponse401",
    "GetV1CheckResponse403",
    "GetV1CheckResponse429",
    "GetV1CheckResponse431",
    "GetV1CheckResponse503",
    "GetV1ModelResponse200",
    "GetV1ModelResponse200Baseline",
    "GetV1ModelResponse200Learned",
    "GetV1ModelResponse200Mode",
    "GetV1ModelResponse200Serving",
    "GetV1ModelResponse400",
    "GetV1ModelResponse401",
    "GetV1ModelResponse403",
    "GetV1ModelResponse429",
    "GetV1ModelResponse431",
    "GetV1ModelResponse503",
    "GetV1OpenapiJsonResponse200",
    "GetV1OpenapiJsonResponse431",
    "GetV1OpenapiJsonResponse503",
    "GetV1RulesResponse200",
    "GetV1RulesResponse200RulesItem",
    "GetV1RulesResponse200RulesItemAction",
    "GetV1RulesResponse200RulesItemType",
    "GetV1RulesResponse400",
    "GetV1RulesResponse401",
    "GetV1RulesResponse403",
    "GetV1RulesResponse429",
    "GetV1RulesResponse431",
    "GetV1RulesResponse503",
    "GetV1SettingsResponse200",
    "GetV1SettingsResponse400",
    "GetV1SettingsResponse401",
    "GetV1SettingsResponse403",
    "GetV1SettingsResponse429",
    "GetV1SettingsResponse431",
    "GetV1SettingsResponse503",
    "GetV1StatsResponse200",
    "GetV1StatsResponse200DaysItem",
    "GetV1StatsResponse200DaysItemChecks",
    "GetV1StatsResponse200DaysItemModels",
    "GetV1StatsResponse200DaysItemModelsBaseline",
    "GetV1StatsResponse200DaysItemModelsLearned",
    "GetV1StatsResponse200DaysItemModelsPersonal",
    "GetV1StatsResponse200DaysItemModelsPublishedItem",
    "GetV1StatsResponse200DaysItemModelsPublishedItemModel",
    "GetV1StatsResponse200DaysItemOutcomes",
    "GetV1StatsResponse200DaysItemReasons",
    "GetV1StatsResponse200WavesItem",
    "GetV1StatsResponse400",
    "GetV1StatsResponse401",
    "GetV1StatsResponse403",
    "GetV1StatsResponse429",
    "GetV1StatsResponse431",
    "GetV1StatsResponse503",
    "GetV1UsageResponse200",
    "GetV1UsageResponse200DaysItem",
    "GetV1UsageResponse400",
    "GetV1UsageResponse401",
    "GetV1UsageResponse403",
    "GetV1UsageResponse429",
    "GetV1UsageResponse431",
    "GetV1UsageResponse503",
    "HeadHealthzResponse200",
    "HeadHealthzResponse200Status",
    "HeadHealthzResponse431",
    "HeadHealthzResponse503",
    "HeadMetricsResponse431",
    "HeadMetricsResponse503",
    "HeadReadyzResponse200",
    "HeadReadyzResponse200Checks",
    "HeadReadyzResponse200ChecksAdditionalProperty",
    "HeadReadyzResponse200StatusType0",
    "HeadReadyzResponse200StatusType1",
    "HeadReadyzResponse431",
    "HeadReadyzResponse503",
    "HeadV1ModelResponse200",
    "HeadV1ModelResponse200Baseline",
    "HeadV1ModelResponse200Learned",
    "HeadV1ModelResponse200Mode",
    "HeadV1ModelResponse200Serving",
    "HeadV1ModelResponse400",
    "HeadV1ModelResponse401",
    "HeadV1ModelResponse403",
    "HeadV1ModelResponse429",
    "HeadV1ModelResponse431",
    "HeadV1ModelResponse503",
    "HeadV1OpenapiJsonResponse200",
    "HeadV1OpenapiJsonResponse431",
    "HeadV1OpenapiJsonResponse503",
    "HeadV1StatsResponse200",
    "HeadV1StatsResponse200DaysItem",
    "HeadV1StatsResponse200DaysItemChecks",
    "HeadV1StatsResponse200DaysItemModels",
    "HeadV1StatsResponse200DaysItemModelsBaseline",
    "HeadV1StatsResponse200DaysItemModelsLearned",
    "HeadV1StatsResponse200DaysItemModelsPersonal",
    "HeadV1StatsResponse200DaysItemModelsPublishedItem",
    "HeadV1StatsResponse200DaysItemModelsPublishedItemModel",
    "HeadV1StatsResponse200DaysItemOutcomes",
    "HeadV1StatsResponse200DaysItemReasons",
    "HeadV1StatsResponse200WavesItem",
    "HeadV1StatsResponse400",
    "HeadV1StatsResponse401",
    "HeadV1StatsResponse403",
    "HeadV1StatsResponse429",
    "HeadV1StatsResponse431",
    "HeadV1StatsResponse503",
    "HeadV1UsageResponse200",
    "HeadV1UsageResponse200DaysItem",
    "HeadV1UsageResponse400",
    "HeadV1UsageResponse401",
    "HeadV1UsageResponse403",
    "HeadV1UsageResponse429",
    "HeadV1UsageResponse431",
    "HeadV1UsageResponse503",
    "PatchV1SettingsBody",
    "PatchV1SettingsResponse200",
    "PatchV1SettingsResponse400",
    "PatchV1SettingsResponse401",
    "PatchV1SettingsResponse403",
    "PatchV1SettingsResponse408",
    "PatchV1SettingsResponse413",
    "PatchV1SettingsResponse415",
    "PatchV1SettingsResponse429",
    "PatchV1SettingsResponse431",
    "PatchV1SettingsResponse503",
    "PostV1CheckBody",
    "PostV1CheckBulkBody",
    "PostV1CheckBulkResponse200",
    "PostV1CheckBulkResponse200ResultsItemType0",
    "PostV1CheckBulkResponse200ResultsItemType0AccountType",
    "PostV1CheckBulkResponse200ResultsItemType0DomainPattern",
    "PostV1CheckBulkResponse200ResultsItemType0MailProvider",
    "PostV1CheckBulkResponse200ResultsItemType0ReasonsItem",
    "PostV1CheckBulkResponse200ResultsItemType0Rule",
    "PostV1CheckBulkResponse200ResultsItemType0RuleAction",
    "PostV1CheckBulkResponse200ResultsItemType0Verdict",
    "PostV1CheckBulkResponse200ResultsItemType1",
    "PostV1CheckBulkResponse400",
    "PostV1CheckBulkResponse401",
    "PostV1CheckBulkResponse403",
    "PostV1CheckBulkResponse408",
    "PostV1CheckBulkResponse413",
    "PostV1CheckBulkResponse415",
    "PostV1CheckBulkResponse429",
    "PostV1CheckBulkResponse431",
    "PostV1CheckBulkResponse503",
    "PostV1CheckResponse200",
    "PostV1CheckResponse200AccountType",
    "PostV1CheckResponse200DomainPattern",
    "PostV1CheckResponse200EvidenceItem",
    "PostV1CheckResponse200EvidenceItemSignal",
    "PostV1CheckResponse200Ip",
    "PostV1CheckResponse200IpDatacenter",
    "PostV1CheckResponse200IpIgnored",
    "PostV1CheckResponse200MailProvider",
    "PostV1CheckResponse200ReasonsItem",
    "PostV1CheckResponse200Rule",
    "PostV1CheckResponse200RuleAction",
    "PostV1CheckResponse200Verdict",
    "PostV1CheckResponse400",
    "PostV1CheckResponse401",
    "PostV1CheckResponse403",
    "PostV1CheckResponse408",
    "PostV1CheckResponse413",
    "PostV1CheckResponse415",
    "PostV1CheckResponse429",
    "PostV1CheckResponse431",
    "PostV1CheckResponse503",
    "PostV1FeedbackBody",
    "PostV1FeedbackBodyOutcome",
    "PostV1FeedbackResponse202",
    "PostV1FeedbackResponse202Status",
    "PostV1FeedbackResponse400",
    "PostV1FeedbackResponse401",
    "PostV1FeedbackResponse403",
    "PostV1FeedbackResponse404",
    "PostV1FeedbackResponse408",
    "PostV1FeedbackResponse413",
    "PostV1FeedbackResponse415",
    "PostV1FeedbackResponse429",
    "PostV1FeedbackResponse431",
    "PostV1FeedbackResponse503",
    "PostV1HooksSupabaseAccountResponse200Type0",
    "PostV1HooksSupabaseAccountResponse200Type1",
    "PostV1HooksSupabaseAccountResponse200Type1Error",
    "PostV1HooksSupabaseAccountResponse400",
    "PostV1HooksSupabaseAccountResponse401",
    "PostV1HooksSupabaseAccountResponse408",
    "PostV1HooksSupabaseAccountResponse413",
    "PostV1HooksSupabaseAccountResponse415",
    "PostV1HooksSupabaseAccountResponse431",
    "PostV1RulesBody",
    "PostV1RulesBodyAction",
    "PostV1RulesBodyType",
    "PostV1RulesResponse201",
    "PostV1RulesResponse201Action",
    "PostV1RulesResponse201Type",
    "PostV1RulesResponse400",
    "PostV1RulesResponse401",
    "PostV1RulesResponse403",
    "PostV1RulesResponse408",
    "PostV1RulesResponse413",
    "PostV1RulesResponse415",
    "PostV1RulesResponse429",
    "PostV1RulesResponse431",
    "PostV1RulesResponse503",
)
