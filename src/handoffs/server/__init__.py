"""The kit's own OpenAI-compatible endpoint, answering with the offline model.

* ``python -m handoffs.server --port 8765 [--token SECRET]`` serves it (see :mod:`handoffs.server.__main__`);
* :func:`create_app` builds the FastAPI app (with :class:`FailurePlan` to fail on purpose);
* :func:`serve_in_background` runs it inside this process for a ``with`` block (tests, notebooks);
* to watch a streaming model's reply grow in a ``ChatPanel``, see :class:`handoffs.ui.StreamingLangChainBackend`.

Any OpenAI client reaches it; the kit's switch does with
``HANDOFFS_MODEL=openai-compatible:http://127.0.0.1:8765/v1?model=handoffs-offline``.

The names above are imported when first used: a decision worker (``python -m handoffs.server.decision_worker``, two
or more per server) imports this package on its way to its own module and needs neither FastAPI nor uvicorn
(~0.4 s of CPU in each worker).
"""

from __future__ import annotations

from handoffs import lazy

#: public name -> the module defining it
_HOME = {"OFFLINE_MODEL_NAME": "app", "FailurePlan": "app", "ServerStats": "app", "create_app": "app",
         "RunningServer": "background", "serve_in_background": "background"}

__all__ = ["OFFLINE_MODEL_NAME", "FailurePlan", "RunningServer", "ServerStats", "create_app", "serve_in_background"]

__getattr__, __dir__ = lazy.exports(__name__, _HOME, __all__)
