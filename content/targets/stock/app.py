"""The shop's stock checker on its own (shop.lab.internal): the shop's database behind one yes-or-no endpoint.

Vulnerable on purpose:
- /stock?id= pastes `id` into its SQL and answers only "in stock" or "not available" (blind boolean injection).
  The shop's search, which shows rows and errors, is not served here: yes or no is all an attacker gets.
"""
import os

import weblab

app = weblab.serving_only(os.path.join(os.path.dirname(__file__), '..', 'shop', 'app.py'), '/stock')
