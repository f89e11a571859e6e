"""`python -m scorepad`: the same command as `scorepad`."""

from scorepad.cli import main

if __name__ == "__main__":
    main()
