"""Django's own admin messages that its Dutch and Russian catalogues get wrong for our models,
marked here so that `make messages` keeps them in ours (locale/, whose LOCALE_PATHS
translations take precedence over Django's).

- Dutch: Django 5.2's catalogue lacks a few admin strings ("Forgotten your login
  credentials?"), and writes "De {name} … is met succes toegevoegd", wrong for a het-word
  ("het toernooi").
- Russian: "Добавить %(name)s" and "{name} … был успешно добавлен" put a model's name in
  the nominative and the masculine ("Добавить регистрация"); ours say it without declining
  the name.

The admin's filter widget strings ("Choose %s by selecting them…") are a script's:
locale/nl/LC_MESSAGES/djangojs.po holds them.
"""

from tournaments.i18n import gettext_noop

DJANGO_ADMIN_MESSAGES = (
    gettext_noop("Forgotten your login credentials?"),
    gettext_noop("In case you’ve forgotten, you are:"),
    gettext_noop("After you’ve created a user, you’ll be able to edit more user options."),
    gettext_noop("Add link"),
    gettext_noop("Change or view list link"),
    gettext_noop("Error:"),
    gettext_noop("Model name"),
    gettext_noop("Add %(name)s"),
    gettext_noop("The {name} “{obj}” was added successfully."),
    gettext_noop("The {name} “{obj}” was added successfully. You may add another {name} below."),
    gettext_noop("The {name} “{obj}” was changed successfully."),
    gettext_noop("The {name} “{obj}” was changed successfully. You may add another {name} below."),
    gettext_noop("The {name} “{obj}” was changed successfully. You may edit it again below."),
    gettext_noop("The %(name)s “%(obj)s” was deleted successfully."),
)
