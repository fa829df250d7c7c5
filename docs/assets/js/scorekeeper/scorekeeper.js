// The score keeper: mounts on [data-score-keeper] (work in progress).
