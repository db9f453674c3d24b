package input

// ChangelogFile is the optional file at the top of data/ that says what changed when: new
// software, a new setting, a fix. Entries show on the trend charts of the configurations they
// name, so a reader sees why a line jumped.
const ChangelogFile = "changelog.yaml"
