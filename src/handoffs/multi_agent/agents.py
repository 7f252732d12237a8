"""The agents of seed 003's handoff team: ``AIAgent``, ``HumanAgent`` and ``UserAgent``.

The seed's classes, with the gaps it leaves open closed (each is taught in notebook 06):

* **No console.** The human agent awaits the operator's desk (an ``asyncio`` future the operator's panel or code
  resolves) and the user agent awaits its customer (a chat panel or a script) instead of calling ``input()``;
  nothing prints from a handler (a background task's prints are lost in Jupyter) — the customer object,
  the operator desk and the recorder see everything.
* **Unknown tool → error result.** A call to a tool this agent does not have (or with arguments that are not
  JSON, or a tool that raises) is answered with ``FunctionExecutionResult(is_error=True)`` the model sees on its
  next call. The seed raised ``ValueError`` and the conversation silently died.
* **One handoff per response — the first delegate wins.** The seed published the task to *every* delegate the
  model named in one response: two agents would then answer the same customer, and the customer's next words
  would go to whichever answered last. Here the first delegate call hands off; later ones are answered "Not
  transferred" (the new agent sees that in the context); ordinary tools named in the same response still run,
  before the handoff is published. A transfer to the agent's own topic type is refused too: AutoGen never delivers
  a published message back to its sender, so it would silently drop the conversation.
* **Side effects keyed.** Every work tool call carries an idempotency key (session + tool + the identity of what it
  acts on, see :mod:`handoffs.idempotency`): a ``UserTask`` delivered twice, or the same refund asked twice in one
  response, refunds once — the repeat is answered with the first result. The seed had no such guard.
* **Bounded loops.** ``UserTask.handoffs`` counts handoffs since the customer last spoke; once
  ``max_handoffs_per_turn`` is reached, a further handoff goes to ``overflow_topic_type`` (the human) if set,
  else the model is told to answer itself. Tool rounds per message are bounded by ``max_tool_rounds``; past it
  the customer gets an apology instead of an endless loop. A model call that fails (no network, a bad key) is
  answered with an apology naming the error, instead of a handler that dies and a customer who waits forever.
"""

from __future__ import annotations

import json
import re
from typing import Any, List, Optional, Sequence, Tuple

from autogen_core import FunctionCall, MessageContext, MessageHandlerContext, RoutedAgent, TopicId, message_handler
from autogen_core.models import (
    AssistantMessage,
    ChatCompletionClient,
    FunctionExecutionResult,
    FunctionExecutionResultMessage,
    LLMMessage,
    SystemMessage,
    UserMessage,
)
from autogen_core.tools import Tool

from handoffs.idempotency import READ_ONLY, SideEffectLog, effect_identity, idempotency_key, key_fields, repeat_note

from .messages import AgentResponse, ConfirmOrder, OrderConfirmation, UserLogin, UserTask
from .people import EXIT_WORD, Customers
from .tools import schema_of

Operators = Any
"""Where the human agent waits for a person: an :class:`~handoffs.multi_agent.people.OperatorDesk` or a
:class:`handoffs.ui.OperatorPanel` (anything with ``async ask(conversation, request, context) -> str``)."""

GIVE_UP_REPLY = "Sorry, I could not finish that. Could you rephrase, or ask for a human?"
MODEL_FAILED_REPLY = "Sorry, I cannot answer right now: the model call failed"
# A customer who writes Korean hears the kit's own apologies in Korean, as they hear the model's answers.
GIVE_UP_REPLY_KO = "죄송합니다. 요청을 끝까지 처리하지 못했습니다. 다르게 말씀해 주시거나 상담원 연결을 요청해 주세요."
MODEL_FAILED_REPLY_KO = "죄송합니다. 지금은 답변을 드릴 수 없습니다: 모델 호출이 실패했습니다"
_HANGUL = re.compile("[\uac00-\ud7a3]")


def _in_customers_language(text: str, context: Sequence[LLMMessage]) -> str:
    """The kit's own apologies (not the model's words) in Korean when the customer's last words were Korean."""
    if not _HANGUL.search(_last_customer_words(context)):
        return text
    if text == GIVE_UP_REPLY:
        return GIVE_UP_REPLY_KO
    if text.startswith(MODEL_FAILED_REPLY + " ("):
        return MODEL_FAILED_REPLY_KO + text[len(MODEL_FAILED_REPLY):]
    return text


def _is_tool_calls(content: Any) -> bool:
    return isinstance(content, list) and len(content) > 0 and all(isinstance(c, FunctionCall) for c in content)


def _apology(error: Exception) -> str:
    """What the customer hears when the model call failed: the error named, nothing key-like in it."""
    from handoffs.models.errors import redact_secrets  # here, not at import: a gRPC host needs no model package

    return redact_secrets(f"{MODEL_FAILED_REPLY} ({type(error).__name__}: {error})")


def _last_customer_words(context: Sequence[LLMMessage]) -> str:
    """What the customer said last: the request a tool call of this turn answers (part of its idempotency key)."""
    said = [m.content for m in context if isinstance(m, UserMessage) and isinstance(m.content, str)]
    return said[-1] if said else ""


def _error(call: FunctionCall, text: str) -> FunctionExecutionResult:
    return FunctionExecutionResult(call_id=call.id, content=text, is_error=True, name=call.name)


class AIAgent(RoutedAgent):
    """An AI agent: answers with its model, runs its tools, and hands off through its delegate tools."""

    def __init__(
        self,
        description: str,
        system_message: SystemMessage,
        model_client: ChatCompletionClient,
        tools: List[Tool],
        delegate_tools: List[Tool],
        agent_topic_type: str,
        user_topic_type: str,
        *,
        max_handoffs_per_turn: int = 3,
        overflow_topic_type: Optional[str] = None,
        max_tool_rounds: int = 6,
        side_effects: Optional[SideEffectLog] = None,
        keyed_side_effects: bool = True,
    ) -> None:
        super().__init__(description)
        self._system_message = system_message
        self._model_client = model_client
        self._tools = {tool.name: tool for tool in tools}
        self._delegate_tools = {tool.name: tool for tool in delegate_tools}
        self._schema = [schema_of(tool) for tool in [*tools, *delegate_tools]]  # built once per tool, not per session
        self._agent_topic_type = agent_topic_type
        self._user_topic_type = user_topic_type
        self._max_handoffs = max_handoffs_per_turn
        self._overflow_topic_type = overflow_topic_type
        self._max_tool_rounds = max_tool_rounds
        self._side_effects = side_effects if side_effects is not None else SideEffectLog()
        self._keyed = keyed_side_effects  # False: the seed's behaviour (every call runs), to see what keys prevent

    async def on_message_impl(self, message: Any, ctx: MessageContext) -> Any:
        # autogen-core 0.7.5's gRPC worker sets MessageHandlerContext while *creating* the handler coroutine but
        # awaits it outside; set it again so a recording model client knows which agent and session call it.
        with MessageHandlerContext.populate_context(self.id):
            return await super().on_message_impl(message, ctx)

    @message_handler
    async def handle_task(self, message: UserTask, ctx: MessageContext) -> None:
        context: List[LLMMessage] = list(message.context)
        limit_reached = message.handoffs >= self._max_handoffs
        for _ in range(self._max_tool_rounds):
            try:
                llm_result = await self._model_client.create(
                    messages=[self._system_message] + context,
                    tools=self._schema,
                    cancellation_token=ctx.cancellation_token,
                )
            except Exception as error:  # an unreachable model must not leave the customer waiting in silence
                await self._answer(context, _apology(error))
                return
            if not _is_tool_calls(llm_result.content):
                await self._answer(context, str(llm_result.content))
                return
            calls: List[FunctionCall] = list(llm_result.content)  # type: ignore[arg-type]
            results, target = await self._run_calls(calls, ctx, limit_reached, _last_customer_words(context))
            context += [
                AssistantMessage(content=calls, thought=llm_result.thought, source=self.id.type),
                FunctionExecutionResultMessage(content=results),
            ]
            if target is not None:
                task = UserTask(context=context, handoffs=message.handoffs + 1)
                await self.publish_message(task, topic_id=TopicId(target, source=self.id.key))
                return
        await self._answer(context, GIVE_UP_REPLY)

    async def _run_calls(
        self, calls: Sequence[FunctionCall], ctx: MessageContext, limit_reached: bool, answering: str = ""
    ) -> Tuple[List[FunctionExecutionResult], Optional[str]]:
        """Run every call of one response in order; return the results and the one topic to hand off to."""
        results: List[FunctionExecutionResult] = []
        target: Optional[str] = None
        for call in calls:
            if call.name in self._delegate_tools:
                result, topic = await self._delegate(call, ctx, target, limit_reached)
                results.append(result)
                target = target or topic
            elif call.name in self._tools:
                results.append(await self._run_keyed(self._tools[call.name], call, ctx, answering))
            else:
                names = ", ".join([*self._tools, *self._delegate_tools]) or "none"
                results.append(_error(call, f"Unknown tool {call.name!r}. Tools you can call: {names}."))
        return results, target

    async def _delegate(
        self, call: FunctionCall, ctx: MessageContext, already: Optional[str], limit_reached: bool
    ) -> Tuple[FunctionExecutionResult, Optional[str]]:
        """Decide one delegate call: the result the models will see, and the topic to hand off to (or None)."""
        if already is not None:
            return _error(call, f"Not transferred: one handoff per response, and this one went to {already}."), None
        topic = await self._run_tool(self._delegate_tools[call.name], call, ctx)
        if topic.is_error:
            return topic, None
        topic_type = topic.content
        if topic_type == self._agent_topic_type:
            return _error(call, f"You are {topic_type} already: answer the customer yourself."), None
        if limit_reached:
            note = f"Not transferred to {topic_type}: {self._max_handoffs} handoffs per customer message is the limit."
            if self._overflow_topic_type and self._overflow_topic_type != self._agent_topic_type:
                return _error(call, f"{note} Escalated to {self._overflow_topic_type}."), self._overflow_topic_type
            return _error(call, f"{note} Answer the customer yourself."), None
        done = f"Transferred to {topic_type}. Adopt persona immediately."
        return FunctionExecutionResult(call_id=call.id, content=done, is_error=False, name=call.name), topic_type

    async def _run_keyed(self, tool: Tool, call: FunctionCall, ctx: MessageContext,
                         answering: str = "") -> FunctionExecutionResult:
        """Run a work tool once per idempotency key: a repeat gets the first result back, and nothing happens."""
        try:
            arguments = json.loads(call.arguments or "{}")
        except json.JSONDecodeError:
            arguments = None
        if not self._keyed or tool.name in READ_ONLY or not isinstance(arguments, dict):
            return await self._run_tool(tool, call, ctx)
        fields = key_fields(tool.name, getattr(tool, "idempotency_key", None))
        key = idempotency_key(self.id.key, tool.name, arguments, fields, answering)
        earlier = self._side_effects.result_of(key)
        if earlier is not None:
            note = repeat_note(tool.name, effect_identity(tool.name, arguments, fields, answering), earlier,
                               customer_words=answering)
            return FunctionExecutionResult(call_id=call.id, content=note,
                                           is_error=False, name=call.name)
        result = await self._run_tool(tool, call, ctx)
        if not result.is_error:
            self._side_effects.record(key, result.content)
        return result

    async def _run_tool(self, tool: Tool, call: FunctionCall, ctx: MessageContext) -> FunctionExecutionResult:
        try:
            arguments = json.loads(call.arguments or "{}")
        except json.JSONDecodeError as error:
            return _error(call, f"Arguments of {call.name} are not valid JSON: {error.msg}.")
        try:
            value = await tool.run_json(arguments, ctx.cancellation_token, call_id=call.id)
        except Exception as error:  # the model sees the failure and can recover; the handler must not die
            return _error(call, f"{call.name} failed: {type(error).__name__}: {error}")
        content = tool.return_value_as_string(value)
        return FunctionExecutionResult(call_id=call.id, content=content, is_error=False, name=call.name)

    async def _answer(self, context: List[LLMMessage], text: str) -> None:
        text = _in_customers_language(text, context)
        context = context + [AssistantMessage(content=text, source=self.id.type)]
        await self.publish_message(
            AgentResponse(context=context, reply_to_topic_type=self._agent_topic_type),
            topic_id=TopicId(self._user_topic_type, source=self.id.key),
        )


class HumanAgent(RoutedAgent):
    """A stand-in for a person: waits on the operator's desk, then sends the operator's words to the customer."""

    def __init__(self, description: str, agent_topic_type: str, user_topic_type: str, operators: Operators) -> None:
        super().__init__(description)
        self._agent_topic_type = agent_topic_type
        self._user_topic_type = user_topic_type
        self._operators = operators

    @message_handler
    async def handle_user_task(self, message: UserTask, ctx: MessageContext) -> None:
        said = [m.content for m in message.context if isinstance(m, UserMessage) and isinstance(m.content, str)]
        human_input = await self._operators.ask(self.id.key, said[-1] if said else "", message.context)
        context = list(message.context) + [AssistantMessage(content=human_input, source=self.id.type)]
        await self.publish_message(
            AgentResponse(context=context, reply_to_topic_type=self._agent_topic_type),
            topic_id=TopicId(self._user_topic_type, source=self.id.key),
        )


class UserAgent(RoutedAgent):
    """The customer's proxy: sends their words to the right agent and their answers back to them."""

    def __init__(self, description: str, user_topic_type: str, agent_topic_type: str, customers: Customers) -> None:
        super().__init__(description)
        self._user_topic_type = user_topic_type
        self._agent_topic_type = agent_topic_type
        self._customers = customers

    @message_handler
    async def handle_user_login(self, message: UserLogin, ctx: MessageContext) -> None:
        customer = self._customers[self.id.key]
        user_input = await customer.next_words()
        if user_input.lower() == EXIT_WORD:
            customer.end()
            return
        await self.publish_message(
            UserTask(context=[UserMessage(content=user_input, source="User")]),
            topic_id=TopicId(self._agent_topic_type, source=self.id.key),
        )

    @message_handler
    async def handle_task_result(self, message: AgentResponse, ctx: MessageContext) -> None:
        customer = self._customers[self.id.key]
        last = message.context[-1] if message.context else None
        answered_by = ctx.sender.type if ctx.sender is not None else message.reply_to_topic_type
        customer.hear(answered_by, str(last.content) if last is not None else "")
        user_input = await customer.next_words()
        if user_input.lower() == EXIT_WORD:
            customer.end()
            return
        context = list(message.context) + [UserMessage(content=user_input, source="User")]
        await self.publish_message(
            UserTask(context=context), topic_id=TopicId(message.reply_to_topic_type, source=self.id.key)
        )

    @message_handler
    async def handle_confirm_order(self, message: ConfirmOrder, ctx: MessageContext) -> OrderConfirmation:
        customer = self._customers[self.id.key]
        confirmed = await customer.confirm(message.question)
        return OrderConfirmation(confirmed=confirmed, answer=customer.confirmations[-1][1])
