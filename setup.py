"""Build hook (the rest of the configuration is in pyproject.toml).

The repository keeps ``assets/`` and ``locale/`` at the top level; every file under them is
copied into the built package as ``game/assets/…`` and ``game/locale/…`` (a folder, not a
list: new files land too), and LICENSE and THIRD_PARTY_NOTICES as ``game/…``; ``game.paths``
finds them there with importlib.resources.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA_FOLDERS = ("assets", "locale")
#: Read by the About screen (game.paths.resource_root() / name).
DATA_FILES = ("LICENSE", "THIRD_PARTY_NOTICES")
SKIP = {"__pycache__", ".DS_Store"}


class BuildPyWithData(build_py):
    def run(self) -> None:
        super().run()
        for folder in DATA_FOLDERS:
            source = ROOT / folder
            for path in sorted(source.rglob("*")):
                if path.is_file() and not SKIP.intersection(path.parts) and path.suffix != ".pyc":
                    target = Path(self.build_lib, "game", folder, path.relative_to(source))
                    self.mkpath(str(target.parent))
                    self.copy_file(str(path), str(target))
        for name in DATA_FILES:
            self.copy_file(str(ROOT / name), str(Path(self.build_lib, "game", name)))


setup(cmdclass={"build_py": BuildPyWithData})
