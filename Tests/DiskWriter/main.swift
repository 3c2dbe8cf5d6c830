// A child process for the disk cache's crash-safety test: it writes cache entries in a loop
// until it is killed. Filled in with the disk cache.
print("osprey-disk-writer: not implemented yet")
