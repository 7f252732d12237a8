"""The kit's own OpenAI-compatible endpoint, answering with the offline model.

* ``python -m handoffs.server --port 8765 [--token SECRET]`` serves it (see :mod:`handoffs.server.__main__`);
* :func:`create_app` builds the FastAPI app (with :class:`FailurePlan` to fail on purpose);
* :func:`serve_in_background` runs it inside this process for a ``with`` block (tests, notebooks);
* to watch a streaming model's reply grow in a ``ChatPanel``, see :class:`handoffs.ui.StreamingLangChainBackend`.

Any OpenAI client reaches it; the kit's switch does with
``HANDOFFS_MODEL=openai-compatible:http://127.0.0.1:8765/v1?model=handoffs-offline``.
"""

from handoffs.server.app import OFFLINE_MODEL_NAME, FailurePlan, ServerStats, create_app
from handoffs.server.background import RunningServer, serve_in_background

__all__ = ["OFFLINE_MODEL_NAME", "FailurePlan", "RunningServer", "ServerStats", "create_app", "serve_in_background"]
