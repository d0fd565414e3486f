"""The support portal's login API on its own (support.lab.internal): the portal's accounts behind POST /api/login.

Vulnerable on purpose:
- POST /api/login answers every failure with the same status and message, but a real account's message comes
  from another template, one byte longer (enumeration by size). The portal's form login, which names unknown
  usernames outright, is not served here.
"""
import os

import weblab

app = weblab.serving_only(os.path.join(os.path.dirname(__file__), '..', 'support', 'app.py'), '/api/login')
