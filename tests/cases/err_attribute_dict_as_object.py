"""Dict keys are not attributes."""
config = {"debug": True}
config.debug
