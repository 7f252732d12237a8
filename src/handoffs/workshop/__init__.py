"""Running a workshop with the kit: the pre-flight check inside ``.venv`` (:mod:`.preflight`), the slide decks'
builder (:mod:`.slides` and the modules it uses), and the notebooks' measured timings (:mod:`.timings`).

The command line that drives them is ``./kit`` / ``python kit.py`` (:mod:`handoffs.kit`).
"""
