"""Every sentence notebook 07's checker can say, in one place (a translation replaces this module's tables).

``HINTS`` maps each cause to its three hint stages; ``VERIFIED`` holds what a passing check prints; ``REQUESTS``
the customer messages the checker sends, per language. Fields in braces come from what really happened.
"""

from __future__ import annotations

from .report import HintText

PASSED = "PASS: the new specialist is reachable."

STARTER_PROMPT = "You are a billing agent for ACME Inc."

REQUESTS = {
    "specialist": {"en": "I was charged twice for my order", "ko": "주문이 두 번 결제되었어요"},
    "follow_up": {"en": "It was the one from last Tuesday", "ko": "지난 화요일 주문이에요"},
    "refund": {"en": "I want a refund", "ko": "환불해 주세요"},
    "sales": {"en": "I want to buy something", "ko": "뭔가 사고 싶어요"},
    "human": {"en": "I want to talk to a human", "ko": "사람과 이야기하고 싶어요"},
}

SCRIPTED_REPLY = "(scripted reply {n} from whoever is asked)"

VERIFIED = {
    "registered": "new agent type(s) {agents}, subscribed to {topics}",
    "built": "every agent of the team can be created",
    "offered": "the triage agent is offered {tools} next to the seed's delegates",
    "reached": "a scripted call of {tool} reached {agent}, which answered; the customer's next words stayed with it",
    "prompt": "{agent}'s prompt and {tool}'s description say what it handles",
    "routed": "{request!r} reaches {tool} from its description, in either tool order",
    "seed_paths": "the seed's requests still go where they went: {paths}",
}

REGISTER_CODE = ("billing_agent_type = await AIAgent.register(\n    runtime,\n    type=billing_agent_topic_type,\n"
                 "    factory=lambda: AIAgent(\n        description='A billing agent.',\n"
                 "        system_message=SystemMessage(content=BILLING_PROMPT),\n        model_client=model_client,\n"
                 "        tools=[],\n        delegate_tools=[transfer_back_to_triage_tool],\n"
                 "        agent_topic_type=billing_agent_topic_type,\n        user_topic_type=user_topic_type,\n"
                 "    ),\n)")
SUBSCRIBE_CODE = ("await runtime.add_subscription(\n    TypeSubscription(topic_type=billing_agent_topic_type, "
                  "agent_type=billing_agent_type.type)\n)")

HINTS = {
    "not_async": HintText(
        "{name} is not an async function, so it cannot await the runtime's registrations.",
        "The line that defines {name} ({location}).",
        "async def build_extended_team(runtime, model_client):\n    team = await build_team(...)\n    ...\n"
        "    return team"),
    "duplicate_registration": HintText(
        "Your function registered the agent type {agent!r} twice ({error}).",
        "{line}: every agent type is registered once per runtime; build_team already registers the seed's five.",
        "Give your agent a type of its own, e.g. type='BillingAgent', and register it once."),
    "build_failed": HintText(
        "Your function raised {error} while building the team.",
        "{line}.",
        "Run it on a fresh runtime in a cell (await build_extended_team(new_runtime(), model_client())) and read the "
        "traceback."),
    "no_team": HintText(
        "Your function returned {got!r}, not the team.",
        "The end of {name}.",
        "team = await build_team(...)\n...\nreturn team"),
    "no_new_agent": HintText(
        "No new agent type was registered: the team has only the seed's agents.",
        "The body of {name}, after build_team(...): register your agent there, as notebook 06's register_seed_agents "
        "cell registers the seed's.",
        REGISTER_CODE),
    "not_subscribed": HintText(
        "{agent} is registered but subscribed to no topic type, so nothing published will ever reach it.",
        "After the AIAgent.register(...) call for {agent}.",
        SUBSCRIBE_CODE),
    "delegate_not_a_tool": HintText(
        "{agent} could not be created: its {field} hold {items}, a plain function, not a tool ({error}).",
        "Where you pass {items} to {agent}: {where}.",
        "transfer_to_billing_tool = FunctionTool(transfer_to_billing, description='Use for billing: ...')\n"
        "# and pass transfer_to_billing_tool, not transfer_to_billing"),
    "constructor_failed": HintText(
        "{agent} could not be created when its first message arrived: {error}.",
        "{line}.",
        "Compare the factory's AIAgent(...) arguments with notebook 06's register_seed_agents cell."),
    "client_ignored": HintText(
        "The triage agent never used the model client your function was given, so the check cannot play the model.",
        "The build_team(...) call in {name}: it must pass on the model_client parameter.",
        "async def build_extended_team(runtime, model_client):\n    team = await build_team(runtime, model_client, ...)"),
    "no_new_delegate": HintText(
        "The triage agent is offered no new delegate tool, so nothing can hand the conversation to {agents}.",
        "The build_team(...) call in {name}: it gives the triage agent only the seed's delegates.",
        "team = await build_team(runtime, model_client,\n"
        "                        triage_delegate_tools=[*TRIAGE_DELEGATE_TOOLS, transfer_to_billing_tool])"),
    "seed_delegates_dropped": HintText(
        "The triage agent no longer has the seed's {tools}, so those paths are gone.",
        "The triage_delegate_tools=[...] of your build_team(...) call.",
        "triage_delegate_tools=[*TRIAGE_DELEGATE_TOOLS, transfer_to_billing_tool]"),
    "duplicate_delegate": HintText(
        "The triage agent is offered {tool} {count} times.",
        "The triage_delegate_tools=[...] of your build_team(...) call.",
        "triage_delegate_tools=[*TRIAGE_DELEGATE_TOOLS, transfer_to_billing_tool]  # each tool once"),
    "description_missing": HintText(
        "{tool} has no description: the model picks a delegate by its description, and this one says nothing.",
        "The FunctionTool(...) that makes {tool} ({location}).",
        "FunctionTool(transfer_to_billing, description='Use for billing: charges, double charges, invoices and "
        "payments.')"),
    "description_vague": HintText(
        "{tool}'s description ({description!r}) does not say what its agent handles: a real model picks a delegate by "
        "what its description names (charges, deliveries, ...), and this one names nothing.",
        "The description= of the FunctionTool(...) that makes {tool} ({location}).",
        "FunctionTool(transfer_to_billing, description='Use for billing: charges, double charges, invoices and "
        "payments.')"),
    "delegate_failed": HintText(
        "Called by the triage agent, {tool} answered with an error instead of a topic type ({error}).",
        "The function behind {tool} ({location}).",
        "def transfer_to_billing() -> str:\n    return billing_agent_topic_type"),
    "topic_mismatch": HintText(
        "{tool} returned {topic!r}, but no agent subscribes to that topic type ({agent} listens on {topics}), so the "
        "conversation went nowhere and the customer would wait forever.",
        "The string {tool} returns, and the topic_type of {agent}'s TypeSubscription: one of them is misspelt.",
        "billing_agent_topic_type = {suggestion!r}  # one variable for the delegate, the registration and the "
        "subscription"),
    "delegate_to_other_agent": HintText(
        "{tool} hands the conversation to {target}, not to your new agent ({agents}).",
        "The string {tool} returns ({location}).",
        "def {function}() -> str:\n    return {topic!r}"),
    "agent_handler_failed": HintText(
        "{agent} got the conversation and its handler raised {error}; AutoGen only logs that, and the customer "
        "waits forever.",
        "{line}.",
        "Run a session yourself and read the traceback: await run_scripted_session([...], team=team)."),
    "wrong_user_topic": HintText(
        "{agent} answered, but published its answer to topic type {topic!r}, which nobody subscribes to: the "
        "customer never heard it.",
        "The user_topic_type=... argument of {agent}'s AIAgent(...).",
        "user_topic_type=user_topic_type  # 'User', where the customer's agent listens"),
    "agent_silent": HintText(
        "{agent} got the conversation but published nothing, so the customer never heard an answer.",
        "{agent}'s message handler: it must end by publishing an AgentResponse to the user topic.",
        "Use the kit's AIAgent (it publishes the answer), or end your handler with\nawait self.publish_message("
        "AgentResponse(context=..., reply_to_topic_type=self._agent_topic_type), TopicId('User', self.id.key))"),
    "reply_topic_nowhere": HintText(
        "{agent} answered, but told the customer to reply to {topic!r}, which nobody subscribes to: their next "
        "message was lost.",
        "The agent_topic_type=... argument of {agent}'s AIAgent(...).",
        "agent_topic_type={suggestion!r}  # the topic type {agent} subscribes to"),
    "reply_topic_other": HintText(
        "The customer's next message went to {other}, not back to {agent}: {agent} tells the customer to reply to "
        "{topic!r}.",
        "The agent_topic_type=... argument of {agent}'s AIAgent(...).",
        "agent_topic_type={suggestion!r}  # its own topic type"),
    "operator_waiting": HintText(
        "The conversation ended on the human operator's desk: {describe}.",
        "The delegate tools: which one returned 'HumanAgent'?",
        "A delegate tool returns its own agent's topic type: return billing_agent_topic_type"),
    "timed_out": HintText(
        "The session did not finish within {timeout:g} s: {describe}.",
        "Follow the messages: {published}.",
        "Run the session yourself: await run_scripted_session([...], team=team, timeout=10)"),
    "prompt_says_nothing": HintText(
        "{agent}'s prompt does not say what it does yet ({prompt!r}).",
        "The prompt you give {agent} (BILLING_PROMPT).",
        "BILLING_PROMPT = (\n    'You are a billing agent for ACME Inc. Always answer in a sentence or less. '\n"
        "    '1. Ask which charge looks wrong.\\n2. Explain that duplicate charges are reversed within 3 days.'\n)"),
    "specialist_not_routed": HintText(
        "For {request!r} the triage model {describe} — not {tool}.",
        "The description of {tool} ({location}): it is all the model reads.",
        "FunctionTool(transfer_to_billing, description='Use for billing: charges, double charges, invoices and "
        "payments.')"),
    "specialist_too_close": HintText(
        "For {request!r} the triage model could not choose between {tool} and the seed's delegates: {describe}.",
        "The descriptions of {tool} and {others}: {shared}.",
        "Make {tool}'s description name what only your agent handles (charges, double charges, invoices, payments), "
        "and nothing the seed's delegates cover (refunds, repairs, buying)."),
    "claims_seed_territory": HintText(
        "For {request!r}, which the seed sends to {wanted}, the triage model {describe}.",
        "The description of {tool} ({location}): it claims what {wanted} handles — {shared}.",
        "Describe only your agent's own cases in {tool}'s description, e.g. 'Use for billing: charges, double "
        "charges, invoices and payments.'"),
}
