source c.bash
COMP_WORDS=(checklists items ""); COMP_CWORD=2; _checklists; printf "%s\n" "${COMPREPLY[@]}"
echo --
COMP_WORDS=(checklists check "Road trip" S); COMP_CWORD=3; COMPREPLY=(); _checklists; printf "%s\n" "${COMPREPLY[@]}"
echo --
COMP_WORDS=(checklists shop add -l ""); COMP_CWORD=4; COMPREPLY=(); _checklists; printf "%s\n" "${COMPREPLY[@]}"
