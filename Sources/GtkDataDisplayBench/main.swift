print("bench: not written yet")
