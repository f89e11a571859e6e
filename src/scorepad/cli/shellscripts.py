"""The completion script of each shell: scorepad's own, not Typer's.

Each script hands scorepad the command line up to the cursor as it is written (quotes and
all) in `<VARIABLE>_LINE`, with `<VARIABLE>=complete_<shell>`, and takes back one candidate
a line (cli/completion.py makes them). What the shell then does with a candidate decides
whether a name from a record can become code:

- bash puts each candidate on the line as it comes, so scorepad sends it quoted (for
  the quote the cursor is in); `mapfile` reads them, so nothing is split or globbed.
- zsh's `compadd` and fish's completions quote what they add themselves: they get the
  plain text. Nothing scorepad prints is evaluated (Typer's zsh script ran `eval` on it).
- PowerShell inserts the text as given: scorepad sends it quoted, with the plain text to
  list and the help."""

from __future__ import annotations

import re

SAFE_PROGRAM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")

BASH = r"""
%(function)s() {
    local IFS=$'\n'
    mapfile -t COMPREPLY < <(env %(variable)s=complete_bash %(variable)s_LINE="${COMP_LINE:0:COMP_POINT}" \
        %(variable)s_BREAKS="$COMP_WORDBREAKS" "$1" 2>/dev/null)
    return 0
}

complete -o default -F %(function)s %(program)s
"""

ZSH = r"""
#compdef %(program)s

%(function)s() {
  local -a found values shown
  local item
  found=("${(@f)$(env %(variable)s=complete_zsh \
    %(variable)s_LINE="${(j: :)${(@)words[1,CURRENT-1]}} ${words[CURRENT]}" %(program)s 2>/dev/null)}")
  for item in "${(@)found}"; do
    [[ -n $item ]] || continue
    values+=("${item%%%%$'\t'*}")
    if [[ $item == *$'\t'?* ]]; then
      shown+=("${item%%%%$'\t'*}  -- ${item#*$'\t'}")
    else
      shown+=("${item%%%%$'\t'*}")
    fi
  done
  if (( ${#values} )); then
    compadd -l -d shown -- "${(@)values}"
  else
    _files
  fi
}

# Loaded from fpath (what --install-completion sets up), this file is the body of
# `_%(program)s`, run at the first TAB: it must complete then, not only register itself.
if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
  %(function)s "$@"
else
  compdef %(function)s %(program)s
fi
"""

FISH = r"""
function %(function)s
    set -l line (commandline -cp | string collect)
    set -l found (env %(variable)s=complete_fish %(variable)s_LINE="$line" %(program)s 2>/dev/null)
    if set -q found[1]
        printf '%%s\n' $found
    else
        __fish_complete_path (commandline -ct)
    end
end
complete --command %(program)s --no-files --arguments '(%(function)s)'
"""

POWERSHELL = r"""
Import-Module PSReadLine
Set-PSReadLineKeyHandler -Chord Tab -Function MenuComplete
$scriptblock = {
    param($wordToComplete, $commandAst, $cursorPosition)
    $Env:%(variable)s = "complete_powershell"
    $Env:%(variable)s_LINE = $commandAst.ToString()
    $Env:%(variable)s_WORD = $wordToComplete
    %(program)s 2>$null | ForEach-Object {
        $text, $shown, $help = $_ -split "`t", 3
        if (-not $help) { $help = $shown }
        [System.Management.Automation.CompletionResult]::new($text, $shown, 'ParameterValue', $help)
    }
    Remove-Item Env:%(variable)s, Env:%(variable)s_LINE, Env:%(variable)s_WORD -ErrorAction SilentlyContinue
}
Register-ArgumentCompleter -Native -CommandName %(program)s -ScriptBlock $scriptblock
"""

TEMPLATES = {"bash": BASH, "zsh": ZSH, "fish": FISH, "powershell": POWERSHELL, "pwsh": POWERSHELL}


def program_name(name: str | None) -> str:
    """The command the script completes: the name scorepad runs as, if it is a plain
    word (it is written into the script unquoted), else `scorepad`."""
    return name if name and SAFE_PROGRAM.fullmatch(name) else "scorepad"


def script(shell: str, program: str, variable: str) -> str:
    """The completion script of `shell` (one of completion.SHELLS)."""
    function = "_{}_completion".format(re.sub(r"\W", "_", program, flags=re.ASCII))
    return (TEMPLATES[shell] % {"function": function, "program": program, "variable": variable}).strip() + "\n"
