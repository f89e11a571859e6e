"""`python -m scorepad`: the same command as `scorepad`."""

from scorepad.start import main

if __name__ == "__main__":
    main()
