"""The starter cell as it comes: a fresh copy of the seed's step table, nothing added.

expect: no_new_step
"""
from handoffs.part1 import seed_step_table

my_step_table = seed_step_table()
