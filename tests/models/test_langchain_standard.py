"""LangChain's own standard unit tests for chat model implementations, run against OfflineChatModel.

Every test of ``ChatModelUnitTests`` that applies to a tool-calling model runs. The ones langchain-tests skips by
itself are skipped for its stated reasons: ``test_init_from_env`` (the offline model reads no environment: there
is no key to read) and ``test_serdes`` (the model is not ``lc_serializable``: it is rebuilt from its two options,
never loaded from a serialized blob).
"""

from langchain_tests.unit_tests import ChatModelUnitTests

from handoffs.models import OfflineChatModel


class TestOfflineChatModelStandard(ChatModelUnitTests):
    @property
    def chat_model_class(self) -> type[OfflineChatModel]:
        return OfflineChatModel

    @property
    def chat_model_params(self) -> dict:
        return {}

    @property
    def has_tool_choice(self) -> bool:
        return True

    @property
    def returns_usage_metadata(self) -> bool:
        return True
