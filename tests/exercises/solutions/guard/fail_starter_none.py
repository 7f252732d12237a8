"""The starter cell as it comes: my_step_guard = None.

expect: no_guard
"""
guard = None
