"""The starter cell as it comes: a fresh copy of the seed's binder, nothing added.

expect: no_new_page
"""
from handoffs.single_agent import seed_configs

my_configs = seed_configs()
