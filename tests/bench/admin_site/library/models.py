"""A library's authors and books: text, a foreign key, choices, a date, a checkbox and a number."""

from django.db import models

GENRES = [("science", "Science"), ("history", "History"), ("poetry", "Poetry"), ("fiction", "Fiction")]


class Author(models.Model):
    name = models.CharField(max_length=100)
    country = models.CharField(max_length=60, blank=True)

    def __str__(self) -> str:
        return self.name


class Book(models.Model):
    title = models.CharField(max_length=200)
    author = models.ForeignKey(Author, on_delete=models.CASCADE)
    genre = models.CharField(max_length=20, choices=GENRES)
    published = models.DateField()
    in_stock = models.BooleanField(default=False)
    pages = models.PositiveIntegerField()

    def __str__(self) -> str:
        return self.title
