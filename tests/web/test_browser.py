"""The explorer in headless Chromium (Debian's chromium and chromium-driver, driven by selenium):
build a position by clicks and a drag, check the value and thermograph shown against the CLI, ask
who wins, play the winning move, cancel a long solve, and keep a screenshot
(ARTIFACT_DIR/explorer.png)."""
import json
import os
import subprocess

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import start, stop


def cli(*args):
    out = subprocess.run([os.environ["DOMINEERING_BIN"], *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1100"]:
        options.add_argument(arg)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    yield driver
    driver.quit()


def text(driver, id):
    return driver.find_element(By.ID, id).text


def settled(driver):
    """Waits until the page has the value of the position it shows."""
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "ready")


def cell(driver, r, c):
    return driver.find_element(By.ID, f"cell-{r}-{c}")


def board_text(driver):
    return driver.find_element(By.ID, "board-text").get_attribute("value")


def check_value_shown(driver):
    board = board_text(driver)
    expected = cli("value", board)
    assert text(driver, "canonical") == expected["canonical"]
    assert text(driver, "left-stop") == expected["left_stop"] and text(driver, "right-stop") == expected["right_stop"]
    assert text(driver, "outcome").startswith(expected["outcome"] + ":")
    assert text(driver, "mean") == expected["mean"]
    assert text(driver, "temperature") == expected["temperature"]
    svg = driver.find_element(By.CSS_SELECTOR, "#thermograph svg")
    assert expected["canonical"] in svg.get_attribute("innerHTML")  # the SVG's title states the form
    shown = len(driver.find_elements(By.CSS_SELECTOR, "#options-vertical tr[data-move]")) + \
        len(driver.find_elements(By.CSS_SELECTOR, "#options-horizontal tr[data-move]"))
    options = cli("value", board, "--options")["options"]
    assert shown == len(options)
    greyed = driver.find_elements(By.CSS_SELECTOR, ".options tr.dominated, .options tr.reversible")
    assert len(greyed) == sum(1 for o in options if o["dominated"] or o["reversible"])
    assert len(driver.find_elements(By.CSS_SELECTOR, "#regions li")) == len(expected["regions"])


def test_build_a_position_see_its_value_and_play_the_winning_move(browser):
    server = start("--solve-seconds", "20")
    try:
        d = browser
        d.get(server.url)
        settled(d)
        d.find_element(By.ID, "rows").clear()
        d.find_element(By.ID, "rows").send_keys("4")
        d.find_element(By.ID, "cols").clear()
        d.find_element(By.ID, "cols").send_keys("4")
        d.find_element(By.ID, "new-board").click()
        settled(d)
        assert board_text(d) == "..../..../..../...."
        check_value_shown(d)

        # A click fills a cell and another empties it.
        cell(d, 3, 3).click()
        settled(d)
        assert board_text(d) == "..../..../..../...#"
        check_value_shown(d)
        cell(d, 3, 3).click()
        settled(d)
        assert board_text(d) == "..../..../..../...."

        # A drag to the cell beside places Horizontal's domino; then Vertical is to move.
        ActionChains(d).click_and_hold(cell(d, 0, 2)).move_to_element(cell(d, 0, 3)).release().perform()
        settled(d)
        assert board_text(d) == "..##/..../..../...."
        assert "horizontal" in cell(d, 0, 2).get_attribute("class")
        assert d.find_element(By.ID, "to-move").get_attribute("value") == "vertical"
        check_value_shown(d)

        d.find_element(By.ID, "solve").click()
        WebDriverWait(d, 60).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-solve") == "done")
        expected = cli("solve", board_text(d), "--first", "vertical")
        assert expected["winner"] == "vertical"
        assert text(d, "solve-result").startswith("Vertical wins with Vertical to move")
        play = d.find_element(By.ID, "play-winning")
        move = play.text.removeprefix("Play ")
        play.click()
        settled(d)
        after = board_text(d)
        assert after.count("#") == 4
        check_value_shown(d)
        # The move shown wins: Horizontal, now to move, loses the position it leaves.
        assert cli("solve", after, "--first", "horizontal")["winner"] == "vertical", move
        assert d.find_element(By.ID, "to-move").get_attribute("value") == "horizontal"

        # Undo takes the move back, redo plays it again.
        d.find_element(By.ID, "undo").click()
        settled(d)
        assert board_text(d) == "..##/..../..../...."
        d.find_element(By.ID, "redo").click()
        settled(d)
        assert board_text(d) == after

        # A pasted board that is not a board is refused with the server's message.
        box = d.find_element(By.ID, "board-text")
        box.clear()
        box.send_keys("..x/...")
        d.find_element(By.ID, "load").click()
        WebDriverWait(d, 10).until(lambda d: text(d, "error") != "")
        assert "row 1" in text(d, "error")
        box.clear()
        box.send_keys("3x5")
        d.find_element(By.ID, "load").click()
        WebDriverWait(d, 10).until(lambda d: board_text(d) == "...../...../.....")
        settled(d)
        check_value_shown(d)
        # A drag to the cell below places Vertical's domino; then Horizontal is to move.
        ActionChains(d).click_and_hold(cell(d, 0, 0)).move_to_element(cell(d, 1, 0)).release().perform()
        settled(d)
        assert board_text(d) == "#..../#..../....."
        assert "vertical" in cell(d, 1, 0).get_attribute("class")
        assert d.find_element(By.ID, "to-move").get_attribute("value") == "horizontal"
        check_value_shown(d)

        # A board too large for a value is still loaded, and says why it has no value.
        box = d.find_element(By.ID, "board-text")
        box.clear()
        box.send_keys("10x10")
        d.find_element(By.ID, "load").click()
        WebDriverWait(d, 10).until(lambda d: board_text(d).count("/") == 9)
        settled(d)
        assert "100 cells" in text(d, "error") and text(d, "canonical") == ""
        # Who wins on it runs until cancelled; the server then takes the next solve at once.
        d.find_element(By.ID, "solve").click()
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "cancel").is_enabled())
        d.find_element(By.ID, "cancel").click()
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-solve") == "done")
        assert text(d, "solve-result") == "cancelled"
        d.find_element(By.ID, "undo").click()
        settled(d)
        assert board_text(d) == "#..../#..../....."
        d.find_element(By.ID, "solve").click()
        WebDriverWait(d, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-solve") == "done")
        winner = cli("solve", board_text(d), "--first", "horizontal")["winner"]
        assert text(d, "solve-result").startswith(f"{winner.capitalize()} wins with Horizontal to move"), text(d, "error")

        artifacts = os.environ.get("ARTIFACT_DIR", ".")
        os.makedirs(artifacts, exist_ok=True)
        assert d.save_screenshot(os.path.join(artifacts, "explorer.png"))
    finally:
        stop(server)
