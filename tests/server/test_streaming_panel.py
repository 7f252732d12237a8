"""A ChatPanel shows the reply growing token by token, for the offline model and for ChatOpenAI over the wire.

The panel is driven exactly as its Send button drives it (``await panel.send``); what a person would see is read
from the panel's transcript HTML at each token.
"""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver

from handoffs.models import OfflineChatModel, chat_model
from handoffs.recorder import RunRecorder
from handoffs.ui import StreamingLangChainBackend
from handoffs.part1 import build_support_agent
from handoffs.ui import ChatPanel, LangChainBackend


def streaming_panel(model):
    recorder = RunRecorder()
    agent = build_support_agent(model=model, checkpointer=InMemorySaver(), recorder=recorder)
    backend = StreamingLangChainBackend(agent, thread_id="t1")
    panel = backend.attach(ChatPanel(backend, recorder=recorder))
    shown: list[str] = []
    panel.transcript.observe(lambda change: shown.append(change["new"]), names="value")
    return backend, panel, shown


async def test_the_goodbye_grows_in_the_panel_then_stands_as_one_reply(server):
    backend, panel, shown = streaming_panel(chat_model(server.spec(), streaming=True))
    reply = await panel.send("I was charged twice")
    assert "goodbye" in reply.lower()
    assert len(backend.frames) > 3 and backend.frames[-1] == reply
    assert all(reply.startswith(frame) for frame in backend.frames)  # each frame is a longer prefix
    assert [len(f) for f in backend.frames] == sorted(len(f) for f in backend.frames)
    assert sum(backend.frames[2] in html for html in shown) >= 1  # a partial reply was on screen
    assert [(m.role, m.text) for m in panel.messages] == [("user", "I was charged twice"), ("assistant", reply)]
    assert panel.recorder.current_step("t1") == "done"


async def test_streaming_changes_nothing_but_the_timing(server):
    _, streamed_panel, _ = streaming_panel(OfflineChatModel())
    plain_agent = build_support_agent(model=OfflineChatModel(), checkpointer=InMemorySaver())
    plain_panel = ChatPanel(LangChainBackend(plain_agent, thread_id="t1"))
    for text in ("My app crashes when I log in", "Thanks"):
        assert await streamed_panel.send(text) == await plain_panel.send(text)
    assert streamed_panel.messages == plain_panel.messages
    assert streamed_panel.transcript.value == plain_panel.transcript.value


async def test_streamed_text_is_escaped_while_it_grows():
    hostile = 'Look: <img src=x onerror="alert(1)"> done.'
    backend, panel, shown = streaming_panel(OfflineChatModel(script=[hostile]))
    assert await panel.send("hello") == hostile
    assert len(backend.frames) > 2
    assert all("<img" not in html for html in shown) and any("&lt;img" in html for html in shown)
