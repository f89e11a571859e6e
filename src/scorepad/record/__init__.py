"""The game record `scorepad/1`: reading and writing TOML (`format`), files saved atomically
under a lock (`files`), and amendments replayed through the engine (`amend`)."""
