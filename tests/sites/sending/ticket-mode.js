// The ticket form as it is: posted as it stands. Tests serve another mode in place of this file (the site changed).
