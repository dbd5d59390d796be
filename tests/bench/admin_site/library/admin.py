from django.contrib import admin

from .models import Author, Book


@admin.register(Author)
class AuthorAdmin(admin.ModelAdmin):
    list_display = ["name", "country"]
    search_fields = ["name"]


@admin.action(description="Mark selected books as out of stock")
def mark_out_of_stock(modeladmin, request, queryset) -> None:  # noqa: ANN001 - Django's action signature
    queryset.update(in_stock=False)


@admin.register(Book)
class BookAdmin(admin.ModelAdmin):
    list_display = ["title", "author", "genre", "published", "in_stock", "pages"]
    list_filter = ["genre", "in_stock"]
    search_fields = ["title", "author__name"]
    actions = [mark_out_of_stock]
