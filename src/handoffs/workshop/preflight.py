"""The half of ``./kit preflight`` that runs inside ``.venv``: can this laptop run the notebooks?

Checks, each answered in one plain line (``ok`` / ``FIX`` / ``note``): the kit's packages import and are in
their tested ranges (the ranges come from :mod:`handoffs.setup_check`, never written twice), a Jupyter kernel
starts and runs code, the model ``HANDOFFS_MODEL`` selects answers a customer (the offline one by default; a
room's endpoint when the instructor set one), and a font with Korean glyphs is there for the pictures. Every
sentence is in :data:`SAY`, in English and Korean (``HANDOFFS_LANG=ko ./kit preflight``). Exit status 0 when all is well, 1 when a line says FIX. It installs nothing.
"""

from __future__ import annotations

import importlib
import sys
import time

from handoffs.i18n import Texts

SAY = Texts({
    "packages_ok": {"en": "All {count} packages the notebooks use import, in their tested versions.",
                    "ko": "노트북이 쓰는 패키지 {count}개를 모두 import할 수 있고, 테스트한 버전이에요."},
    "package_bad": {"en": "{name}: {detail}", "ko": "{name}: {detail}"},
    "import_failed": {"en": "{module} does not import ({error}): run '{kit} lab' once to reinstall.",
                      "ko": "{module}을(를) import할 수 없어요({error}). '{kit} lab'을 한 번 실행해 다시 설치하세요."},
    "kernel_ok": {"en": "A Jupyter kernel starts and runs code ({seconds:.1f} s).",
                  "ko": "Jupyter 커널이 시작되고 코드를 실행해요({seconds:.1f}초)."},
    "kernel_failed": {"en": "A Jupyter kernel did not start ({error}): run '{kit} lab' once to reinstall.",
                      "ko": "Jupyter 커널이 시작되지 않았어요({error}). '{kit} lab'을 한 번 실행해 다시 설치하세요."},
    "model_ok": {"en": "The model answers: {model} routed \"I was charged twice\" to {tool}.",
                 "ko": "모델이 답해요: \"I was charged twice\" → {tool} ({model})."},
    "model_odd": {"en": "The model answered, but not as expected ({answer}): check HANDOFFS_MODEL.",
                  "ko": "모델이 답했지만 예상과 달라요({answer}). HANDOFFS_MODEL을 확인하세요."},
    "model_failed": {"en": "The model did not answer: {error}", "ko": "모델이 답하지 않았어요: {error}"},
    "font_ok": {"en": "A font for Korean text is installed ({font}).", "ko": "한글 글꼴이 설치되어 있어요({font})."},
    "font_missing": {"en": "No font with Korean glyphs found: Korean labels in pictures will be boxes (optional).",
                     "ko": "한글 글꼴을 찾지 못했어요. 그림의 한글이 네모 상자로 보일 거예요(선택 사항)."},
})
IMPORTS = ("langchain.agents", "langgraph", "autogen_core", "autogen_ext.models.openai", "openai", "ipywidgets",
           "jupyterlab", "matplotlib", "nbclient", "handoffs.part1", "handoffs.part2")


def kit_command() -> str:
    return "python kit.py" if sys.platform.startswith("win") else "./kit"


def report(mark: str, text: str) -> None:
    print(f"{mark:<5}{text}", flush=True)


def check_packages() -> int:
    from handoffs.setup_check import check_packages as ranges

    problems = 0
    for module in IMPORTS:
        try:
            importlib.import_module(module)
        except Exception as error:  # any import failure is a broken install, said in one line
            report("FIX", SAY["import_failed"].format(module=module, error=type(error).__name__, kit=kit_command()))
            problems += 1
    checks = ranges()
    for check in checks:
        if not check.ok:
            report("FIX", SAY["package_bad"].format(name=check.what, detail=check.detail.replace("./kit", kit_command())))
            problems += 1
    if not problems:
        report("ok", SAY["packages_ok"].format(count=len(checks)))
    return problems


def check_kernel(timeout: float = 60.0) -> int:
    from jupyter_client.manager import start_new_kernel

    started = time.monotonic()
    try:
        manager, client = start_new_kernel(kernel_name="python3", startup_timeout=timeout)
    except Exception as error:
        report("FIX", SAY["kernel_failed"].format(error=f"{type(error).__name__}: {error}", kit=kit_command()))
        return 1
    try:
        reply = client.execute_interactive("print(6 * 7)", timeout=timeout, output_hook=lambda msg: None)
        if reply["content"]["status"] != "ok":
            raise RuntimeError(reply["content"].get("ename", "error"))
    except Exception as error:
        report("FIX", SAY["kernel_failed"].format(error=f"{type(error).__name__}: {error}", kit=kit_command()))
        return 1
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    report("ok", SAY["kernel_ok"].format(seconds=time.monotonic() - started))
    return 0


def check_model() -> int:
    from langchain.tools import tool

    from handoffs.models import chat_model
    from handoffs.models.switch import describe_model

    @tool
    def record_issue(issue: str) -> str:
        """Record the kind of issue the user has: billing, technical, or other."""
        return issue

    try:
        model = chat_model(max_retries=0, timeout=10)  # the offline model ignores both
        reply = model.bind_tools([record_issue]).invoke(
            [("system", "Find out what kind of issue the user has and record it."), ("user", "I was charged twice")])
    except Exception as error:  # the kit's errors are one sentence naming the setting to change
        report("FIX", SAY["model_failed"].format(error=error))
        return 1
    calls = getattr(reply, "tool_calls", [])
    if calls and calls[0]["name"] == "record_issue":
        report("ok", SAY["model_ok"].format(model=describe_model(), tool=f"record_issue({calls[0]['args']})"))
        return 0
    report("note", SAY["model_odd"].format(answer=str(reply.content)[:80]))
    return 0


def check_fonts() -> int:
    from handoffs.viz.style import font_families

    korean = [name for name in font_families() if name in ("Noto Sans CJK KR", "NanumGothic", "Noto Sans KR")]
    report("ok" if korean else "note", SAY["font_ok"].format(font=korean[0]) if korean else SAY["font_missing"])
    return 0


def main() -> int:
    problems = check_packages()
    if problems:  # nothing else can work with a broken install
        return 1
    problems += check_kernel() + check_model() + check_fonts()
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
