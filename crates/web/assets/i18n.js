// The page's own text (labels, buttons, headings, help) in Russian and German, keyed
// by the English text the pages are written in. English needs no table: a key is its
// own English. Announcements and answers about the game are not here: the server says
// them in the player's lexicon and language, as `arbiter play` does.
// `{name}` marks a value filled in by the page.
'use strict';
const HallText = {
  ru: {
    // Every page
    'Settings': 'Настройки', 'Language': 'Язык', 'Lexicon': 'Словарь ходов',
    'English (en)': 'Английский (en)', 'FIDE Appendix D (fide-de)': 'ФИДЕ, приложение D (fide-de)',
    'Russian, FIDE style (ru-fide)': 'Русский в стиле ФИДЕ (ru-fide)', 'Russian practice (ru)': 'Русская практика (ru)',
    'NATO alphabet (nato)': 'Алфавит НАТО (nato)', 'High contrast': 'Высокий контраст', 'Large board': 'Крупная доска',
    'Braille-friendly plain text': 'Простой текст для брайлевского дисплея', 'Speak announcements': 'Произносить объявления',
    'Default voice': 'Голос по умолчанию', 'Voice': 'Голос', 'Speech rate': 'Скорость речи',
    'Pages': 'Страницы', 'Lobby': 'Лобби', 'Game page': 'Страница партии', 'Archive': 'Архив',
    'White': 'Белые', 'Black': 'Чёрные', 'Game': 'Партия', 'Confirm': 'Подтвердить', 'Cancel': 'Отмена',
    // The lobby
    'arbiter hall: lobby': 'Зал arbiter: лобби', 'arbiter hall': 'Зал arbiter',
    'Skip to creating a game': 'К созданию партии',
    'Chess under the FIDE Laws, and Tavreli, for blind and sighted players alike. Every page works by keyboard and screen reader.':
      'Шахматы по Правилам ФИДЕ и таврели для незрячих и зрячих игроков. Каждая страница работает с клавиатуры и с программой экранного доступа.',
    'Create a game': 'Создать партию', 'Opponent': 'Соперник', 'A person, by invite link': 'Человек, по ссылке-приглашению',
    'The engine': 'Движок', 'Your colour': 'Ваш цвет', 'Random': 'Случайно', 'Your name': 'Ваше имя',
    "Opponent's name": 'Имя соперника', 'Chess': 'Шахматы', 'Tavreli': 'Таврели', 'Tavreli tournament rules': 'Турнирные правила таврелей',
    'Rules of the event, for organisers and arbiters': 'Правила соревнования: для организаторов и судей', 'Kind of play': 'Вид игры',
    'As the time control says': 'По контролю времени', 'Standard': 'Классические шахматы', 'Rapid': 'Быстрые шахматы', 'Blitz': 'Блиц',
    'Supervision': 'Надзор', "The edition's default": 'Как в редакции по умолчанию', 'Full: an arbiter watches the game': 'Полный: судья следит за партией',
    'Reduced: the players make the claims': 'Неполный: требования заявляют игроки', 'Guidelines III announced: claims in the quickplay finish': 'Объявлено Руководство III: требования при быстром завершении',
    'Laws of Chess edition': 'Редакция Правил шахмат', 'Time control': 'Контроль времени', 'No clock': 'Без часов',
    'Minutes for the game': 'Минут на партию', 'Seconds added per move': 'Секунд добавляется за ход', 'The seconds per move are': 'Секунды за ход —', 'Added to the clock after each move (increment)': 'добавляются на часы после каждого хода (добавление)', 'A delay: the clock waits that long before it runs': 'задержка: часы ждут столько, прежде чем пойти',
    'Engine thinking time per move, milliseconds': 'Время движка на ход, в миллисекундах', 'Create game': 'Создать партию',
    'Join a game': 'Войти в партию', 'Invite link or game number': 'Ссылка-приглашение или номер партии', 'Join': 'Войти',
    'Watch live games': 'Смотреть идущие партии', 'Refresh the list': 'Обновить список', 'Your settings': 'Ваши настройки',
    'Creating the game…': 'Партия создаётся…', 'Game {id} created. You play {side}.': 'Партия {id} создана. Вы играете {side}.',
    'Open your board ({side})': 'Открыть свою доску ({side})', 'Invite link for {side}: ': 'Ссылка-приглашение для игрока {side}: ',
    'Copy invite link': 'Копировать ссылку-приглашение', 'Copied': 'Скопировано',
    'Arbiter console (keep this link private)': 'Пульт арбитра (никому не давайте эту ссылку)',
    'Link for spectators': 'Ссылка для зрителей', 'The game was not created: {reason}': 'Партия не создана: {reason}',
    '{white} against {black}, game {id}': '{white} против {black}, партия {id}', 'No live games.': 'Идущих партий нет.',
    'The list could not be read: {reason}': 'Список не прочитан: {reason}',
    'whites': 'белыми', 'blacks': 'чёрными',
    // The game page
    'arbiter hall: game': 'Зал arbiter: партия', 'Skip to the Move field': 'К полю «Ход»', 'Archive of this game': 'Архив этой партии',
    'Board': 'Доска',
    'Arrow keys move between squares. A piece letter (k q r b n p) jumps to the next such piece, Shift goes back. 1 to 8 jump to a rank, Shift with 1 to 8 to a file. Enter picks a piece and Enter on a target drops it; Escape puts it back. c clocks, l last move, m legal moves, a attackers, i the Move field.':
      'Стрелки переходят между полями. Буква фигуры (k q r b n p, латиницей) ведёт к следующей такой фигуре, с Shift — к предыдущей. Цифры 1–8 переходят на горизонталь, Shift с 1–8 — на вертикаль. Enter берёт фигуру, Enter на поле назначения ставит её; Escape возвращает. c — часы, l — последний ход, m — возможные ходы, a — кто бьёт поле, i — поле «Ход».',
    'Play': 'Игра', 'Which side does this link play?': 'За кого играет эта ссылка?', 'I play White': 'Я играю белыми',
    'I play Black': 'Я играю чёрными', 'Announcements': 'Объявления', 'Move': 'Ход', 'Send': 'Отправить',
    'A move in any notation (e4, Nf3, Кf3, e2e4, e2-e4, 0-0, spoken words) or a command: c clock, l last move, o opponent, p pieces, s scan, q square, m legal moves, a attackers, h moves so far, help.':
      'Ход в любой записи (e4, Кf3, Nf3, e2e4, e2-e4, 0-0, словами) или команда: часы, последний ход, соперник, фигуры, обзор, поле, ходы фигуры, кто бьёт, запись партии, помощь (и латинские c l o p s q m a h help).',
    'Answers': 'Ответы', 'Actions': 'Действия', 'Offer draw': 'Предложить ничью', 'Decline draw': 'Отклонить ничью',
    'Claim draw': 'Потребовать ничью', 'Resign': 'Сдаться', 'Pause': 'Пауза', 'Commands': 'Команды', 'Clock': 'Часы',
    'Last move': 'Последний ход', 'Moves so far': 'Запись партии', 'Board as text': 'Доска текстом', 'Help': 'Помощь',
    'Colour': 'Цвет', 'Piece': 'Фигура', 'Both': 'Оба', 'All': 'Все', 'Kings': 'Короли', 'Queens': 'Ферзи', 'Rooks': 'Ладьи',
    'Bishops': 'Слоны', 'Knights': 'Кони', 'Pawns': 'Пешки', 'List pieces': 'Перечислить фигуры',
    "At the board's selected square:": 'На выбранном поле доски:', 'What stands here': 'Что стоит здесь',
    'Legal moves': 'Возможные ходы', 'Attackers': 'Кто бьёт поле', 'Scan file': 'Обзор вертикали', 'Scan rank': 'Обзор горизонтали',
    'Moves': 'Ходы', 'Clock speech and alarms': 'Говорящие часы и сигнал нехватки времени', 'Say the clocks every': 'Называть время каждые',
    'Never, only when asked': 'Никогда, только по запросу', '30 seconds': '30 секунд', 'minute': 'минуту', '2 minutes': '2 минуты',
    '5 minutes': '5 минут',
    'Low-time alarm at these seconds left': 'Сигнал, когда осталось секунд', 'Numbers separated by spaces, e.g. 60 30 10.': 'Числа через пробел, например 60 30 10.',
    'Claim': 'Требование', 'Threefold repetition': 'Троекратное повторение', "Win on time: the opponent's flag has fallen": 'Выигрыш по времени: у соперника упал флажок', 'Fifty moves': 'Правило 50 ходов',
    'Quickplay finish: under two minutes, the opponent cannot or does not try to win': 'Быстрое завершение: меньше двух минут, соперник не может или не пытается выиграть',
    'Quickplay finish: five seconds a move for both': 'Быстрое завершение: обоим по пять секунд за ход',
    "The opponent's last move was illegal": 'Последний ход соперника был невозможным по правилам',
    'Intended move': 'Намеченный ход',
    'The move you will play, which makes the repetition; leave empty if the position is already on the board.':
      'Ход, который вы сделаете и который повторит позицию; оставьте пустым, если позиция уже на доске.',
    'Spectators watch; they cannot act in the game.': 'Зрители только смотрят; действовать в партии они не могут.',
    'Refused: {reason}': 'Отказано: {reason}', 'Draw offered.': 'Ничья предложена.',
    'Claim a draw from the arbiter. An incorrect claim is penalised (Art. 9.5).': 'Требование ничьей к арбитру. За неверное требование назначается наказание (ст. 9.5).',
    'Claim cancelled.': 'Требование отменено.', 'Resign this game? It cannot be undone.': 'Сдать эту партию? Отменить это нельзя.',
    'Not resigned.': 'Партия не сдана.', 'The board could not be read: {reason}': 'Доску прочитать не удалось: {reason}',
    'Game over: {result}': 'Партия окончена: {result}', 'You play White': 'Вы играете белыми', 'You play Black': 'Вы играете чёрными',
    'Watching': 'Наблюдение', 'Edge of the board.': 'Край доски.', 'No such game': 'Такой партии нет',
    'This game could not be found: {reason}': 'Партия не найдена: {reason}',
    '{white} (White) against {black} (Black)': '{white} (белые) против {black} (чёрные)', ', time control {tc}': ', контроль времени {tc}', 'FIDE Laws of Chess, {year} edition': 'Правила ФИДЕ {year} года',
    'Picked {name}. Move to the target square and press Enter; Escape cancels.': 'Взято: {name}. Перейдите на поле назначения и нажмите Enter; Escape отменяет.',
    'Put back.': 'Возвращено.', ', picked': ', взята', 'No {letter} on the board.': 'На доске нет {letter}.',
    // The arbiter console
    'arbiter hall: arbiter console': 'Зал arbiter: пульт арбитра', 'Arbiter console': 'Пульт арбитра', 'The game': 'Партия',
    'State of the game': 'Состояние партии', 'Result': 'Результат', 'Half-moves': 'Полуходы', 'Clocks': 'Часы',
    'Touch-move obligation': 'Обязанность «тронул — ходи»', 'Touch-move claims': 'Требования «тронул — ходи»',
    'Touch-move': 'Тронул — ходи', 'A piece touched with intent (4.3)': 'Касание фигуры с намерением пойти или взять (4.3)',
    "A piece adjusted after saying j'adoube (4.2)": 'Фигуру поправили, предупредив «поправляю» (4.2)',
    'A touch-move claim (4.8)': 'Требование «тронул — ходи» (4.8)', 'By': 'Кто', 'Square': 'Поле',
    'Man of a Tavreli tower, from the top': 'Фигура башни в таврелях, считая сверху', 'Record': 'Записать',
    'Over the board only: online the server is the board. The Laws rule on a claim at once.': 'Только в партии за доской: в партии по сети доска — это сервер. Правила решают требование сразу.',
    'upheld': 'удовлетворено', 'rejected': 'отклонено',
    "Touch-move: the opponent's last move broke it (over the board)": 'Тронул — ходи: последний ход соперника нарушил это правило (за доской)',
    'Claim awaiting your ruling': 'Требование ждёт вашего решения', '{side} asks for five seconds a move for both': '{side}: просьба добавлять обоим по пять секунд за ход',
    '{side} claims a draw in the quickplay finish': '{side}: требование ничьей при быстром завершении',
    'Draw offer': 'Предложение ничьей', 'Illegal moves': 'Невозможные ходы', 'Penalties': 'Наказания', 'Last moves': 'Последние ходы',
    'Pause the clocks': 'Остановить часы', 'Resume the clocks': 'Пустить часы', 'Action': 'Действие', 'Warning': 'Предупреждение',
    'Add time': 'Добавить время', 'Deduct time': 'Снять время', 'Increase points': 'Добавить очки', 'Reduce points': 'Снять очки',
    'Declare the game lost': 'Объявить партию проигранной', 'Illegal move seen': 'Замечен невозможный ход',
    'Two hands used': 'Ход двумя руками', 'Declare a result': 'Объявить результат',
    'Quickplay claim: accept': 'Требование при нехватке времени: принять', 'Quickplay claim: postpone': 'Требование при нехватке времени: отложить',
    'Quickplay claim: reject': 'Требование при нехватке времени: отклонить', 'Quickplay claim: give increment': 'Требование при нехватке времени: дать добавление',
    'Concerning': 'Кого касается', 'Neither': 'Никого', 'Seconds': 'Секунды', 'None': 'Нет', 'Reason': 'Причина', 'Apply': 'Применить',
    'Events': 'События', 'in progress': 'идёт', 'no clock': 'без часов', 'open, by {side}': 'открыто, от {side}', 'none': 'нет',
    'Done: {what}.': 'Сделано: {what}.', 'This console needs the arbiter token in its link.': 'Пульту нужен токен арбитра в ссылке.',
    '{white} against {black}.': '{white} против {black}.',
    // The archive
    'arbiter hall: game archive': 'Зал arbiter: архив партии', 'Game archive': 'Архив партии', 'Audit verdict': 'Заключение проверки',
    'Downloads': 'Скачать', 'Download PGN': 'Скачать PGN', 'Download braille score (BRF)': 'Скачать запись шрифтом Брайля (BRF)',
    'Download the event log': 'Скачать журнал событий', 'Score in national letters': 'Запись национальными буквами', 'Letters': 'Буквы',
    'English': 'Английские', 'Russian': 'Русские', 'German': 'Немецкие', 'French': 'Французские', 'Spanish': 'Испанские',
    'Italian': 'Итальянские', 'Dutch': 'Голландские', 'Polish': 'Польские', 'Score in braille': 'Запись шрифтом Брайля',
    'The record could not be read: {reason}': 'Запись прочитать не удалось: {reason}', 'No such game.': 'Такой партии нет.',
  },
  de: {
    'Settings': 'Einstellungen', 'Language': 'Sprache', 'Lexicon': 'Zugansage',
    'English (en)': 'Englisch (en)', 'FIDE Appendix D (fide-de)': 'FIDE-Anhang D (fide-de)',
    'Russian, FIDE style (ru-fide)': 'Russisch nach FIDE (ru-fide)', 'Russian practice (ru)': 'Russische Praxis (ru)',
    'NATO alphabet (nato)': 'NATO-Alphabet (nato)', 'High contrast': 'Hoher Kontrast', 'Large board': 'Großes Brett',
    'Braille-friendly plain text': 'Einfacher Text für die Braillezeile', 'Speak announcements': 'Ansagen sprechen',
    'Default voice': 'Standardstimme', 'Voice': 'Stimme', 'Speech rate': 'Sprechgeschwindigkeit',
    'Pages': 'Seiten', 'Lobby': 'Lobby', 'Game page': 'Partieseite', 'Archive': 'Archiv',
    'White': 'Weiß', 'Black': 'Schwarz', 'Game': 'Partie', 'Confirm': 'Bestätigen', 'Cancel': 'Abbrechen',
    'arbiter hall: lobby': 'arbiter-Saal: Lobby', 'arbiter hall': 'arbiter-Saal',
    'Skip to creating a game': 'Zum Anlegen einer Partie',
    'Chess under the FIDE Laws, and Tavreli, for blind and sighted players alike. Every page works by keyboard and screen reader.':
      'Schach nach den FIDE-Regeln und Tavreli, für blinde und sehende Spieler gleichermaßen. Jede Seite funktioniert mit Tastatur und Screenreader.',
    'Create a game': 'Partie anlegen', 'Opponent': 'Gegner', 'A person, by invite link': 'Ein Mensch, per Einladungslink',
    'The engine': 'Die Engine', 'Your colour': 'Ihre Farbe', 'Random': 'Zufällig', 'Your name': 'Ihr Name',
    "Opponent's name": 'Name des Gegners', 'Chess': 'Schach', 'Tavreli': 'Tavreli', 'Tavreli tournament rules': 'Turnierregeln für Tavreli',
    'Rules of the event, for organisers and arbiters': 'Regeln des Turniers, für Veranstalter und Schiedsrichter', 'Kind of play': 'Spielart',
    'As the time control says': 'Wie die Bedenkzeit ergibt', 'Standard': 'Turnierpartie', 'Rapid': 'Schnellschach', 'Blitz': 'Blitz',
    'Supervision': 'Aufsicht', "The edition's default": 'Wie in der Fassung vorgesehen', 'Full: an arbiter watches the game': 'Voll: ein Schiedsrichter beobachtet die Partie',
    'Reduced: the players make the claims': 'Eingeschränkt: die Spieler reklamieren', 'Guidelines III announced: claims in the quickplay finish': 'Richtlinien III angekündigt: Ansprüche in der Endspurtphase',
    'Laws of Chess edition': 'Fassung der Schachregeln', 'Time control': 'Bedenkzeit', 'No clock': 'Ohne Uhr',
    'Minutes for the game': 'Minuten für die Partie', 'Seconds added per move': 'Sekunden Zuschlag pro Zug', 'The seconds per move are': 'Die Sekunden pro Zug sind', 'Added to the clock after each move (increment)': 'nach jedem Zug der Uhr zugeschlagen (Inkrement)', 'A delay: the clock waits that long before it runs': 'eine Verzögerung: die Uhr wartet so lange, bevor sie läuft',
    'Engine thinking time per move, milliseconds': 'Bedenkzeit der Engine pro Zug, Millisekunden', 'Create game': 'Partie anlegen',
    'Join a game': 'Einer Partie beitreten', 'Invite link or game number': 'Einladungslink oder Partienummer', 'Join': 'Beitreten',
    'Watch live games': 'Laufende Partien ansehen', 'Refresh the list': 'Liste aktualisieren', 'Your settings': 'Ihre Einstellungen',
    'Creating the game…': 'Die Partie wird angelegt…', 'Game {id} created. You play {side}.': 'Partie {id} angelegt. Sie spielen {side}.',
    'Open your board ({side})': 'Ihr Brett öffnen ({side})', 'Invite link for {side}: ': 'Einladungslink für {side}: ',
    'Copy invite link': 'Einladungslink kopieren', 'Copied': 'Kopiert',
    'Arbiter console (keep this link private)': 'Schiedsrichterpult (diesen Link nicht weitergeben)',
    'Link for spectators': 'Link für Zuschauer', 'The game was not created: {reason}': 'Die Partie wurde nicht angelegt: {reason}',
    '{white} against {black}, game {id}': '{white} gegen {black}, Partie {id}', 'No live games.': 'Keine laufenden Partien.',
    'The list could not be read: {reason}': 'Die Liste konnte nicht gelesen werden: {reason}',
    'whites': 'Weiß', 'blacks': 'Schwarz',
    'arbiter hall: game': 'arbiter-Saal: Partie', 'Skip to the Move field': 'Zum Feld „Zug“', 'Archive of this game': 'Archiv dieser Partie',
    'Board': 'Brett',
    'Arrow keys move between squares. A piece letter (k q r b n p) jumps to the next such piece, Shift goes back. 1 to 8 jump to a rank, Shift with 1 to 8 to a file. Enter picks a piece and Enter on a target drops it; Escape puts it back. c clocks, l last move, m legal moves, a attackers, i the Move field.':
      'Pfeiltasten wechseln das Feld. Ein Figurenbuchstabe (k q r b n p, englisch) springt zur nächsten solchen Figur, mit Umschalt zurück. 1 bis 8 springen auf eine Reihe, Umschalt mit 1 bis 8 auf eine Linie. Eingabe nimmt eine Figur, Eingabe auf dem Zielfeld setzt sie; Escape stellt sie zurück. c Uhren, l letzter Zug, m legale Züge, a Angreifer, i das Feld „Zug“.',
    'Play': 'Spielen', 'Which side does this link play?': 'Welche Seite spielt dieser Link?', 'I play White': 'Ich spiele Weiß',
    'I play Black': 'Ich spiele Schwarz', 'Announcements': 'Ansagen', 'Move': 'Zug', 'Send': 'Senden',
    'A move in any notation (e4, Nf3, Кf3, e2e4, e2-e4, 0-0, spoken words) or a command: c clock, l last move, o opponent, p pieces, s scan, q square, m legal moves, a attackers, h moves so far, help.':
      'Ein Zug in jeder Notation (e4, Sf3, Nf3, e2e4, e2-e4, 0-0, gesprochene Wörter) oder ein Befehl: c Uhr, l letzter Zug, o Gegner, p Figuren, s Abtasten, q Feld, m legale Züge, a Angreifer, h bisherige Züge, help Hilfe.',
    'Answers': 'Antworten', 'Actions': 'Aktionen', 'Offer draw': 'Remis anbieten', 'Decline draw': 'Remis ablehnen',
    'Claim draw': 'Remis beanspruchen', 'Resign': 'Aufgeben', 'Pause': 'Pause', 'Commands': 'Befehle', 'Clock': 'Uhr',
    'Last move': 'Letzter Zug', 'Moves so far': 'Bisherige Züge', 'Board as text': 'Brett als Text', 'Help': 'Hilfe',
    'Colour': 'Farbe', 'Piece': 'Figur', 'Both': 'Beide', 'All': 'Alle', 'Kings': 'Könige', 'Queens': 'Damen', 'Rooks': 'Türme',
    'Bishops': 'Läufer', 'Knights': 'Springer', 'Pawns': 'Bauern', 'List pieces': 'Figuren aufzählen',
    "At the board's selected square:": 'Auf dem gewählten Feld des Bretts:', 'What stands here': 'Was steht hier',
    'Legal moves': 'Legale Züge', 'Attackers': 'Angreifer', 'Scan file': 'Linie abtasten', 'Scan rank': 'Reihe abtasten',
    'Moves': 'Züge', 'Clock speech and alarms': 'Sprechende Uhr und Zeitalarm', 'Say the clocks every': 'Die Uhren ansagen alle',
    'Never, only when asked': 'Nie, nur auf Anfrage', '30 seconds': '30 Sekunden', 'minute': 'Minute', '2 minutes': '2 Minuten',
    '5 minutes': '5 Minuten',
    'Low-time alarm at these seconds left': 'Zeitalarm bei so vielen Sekunden Restzeit', 'Numbers separated by spaces, e.g. 60 30 10.': 'Zahlen durch Leerzeichen getrennt, z. B. 60 30 10.',
    'Claim': 'Anspruch', 'Threefold repetition': 'Dreimalige Stellungswiederholung', "Win on time: the opponent's flag has fallen": 'Gewinn auf Zeit: das Blättchen des Gegners ist gefallen', 'Fifty moves': 'Fünfzig Züge',
    'Quickplay finish: under two minutes, the opponent cannot or does not try to win': 'Endspurtphase: unter zwei Minuten, der Gegner kann oder will nicht gewinnen',
    'Quickplay finish: five seconds a move for both': 'Endspurtphase: fünf Sekunden pro Zug für beide',
    "The opponent's last move was illegal": 'Der letzte Zug des Gegners war regelwidrig',
    'Intended move': 'Beabsichtigter Zug',
    'The move you will play, which makes the repetition; leave empty if the position is already on the board.':
      'Der Zug, den Sie spielen werden und der die Wiederholung herbeiführt; leer lassen, wenn die Stellung schon auf dem Brett steht.',
    'Spectators watch; they cannot act in the game.': 'Zuschauer sehen zu; sie können in der Partie nicht handeln.',
    'Refused: {reason}': 'Abgelehnt: {reason}', 'Draw offered.': 'Remis angeboten.',
    'Claim a draw from the arbiter. An incorrect claim is penalised (Art. 9.5).': 'Remis beim Schiedsrichter beanspruchen. Ein unberechtigter Anspruch wird bestraft (Art. 9.5).',
    'Claim cancelled.': 'Anspruch zurückgezogen.', 'Resign this game? It cannot be undone.': 'Diese Partie aufgeben? Das lässt sich nicht rückgängig machen.',
    'Not resigned.': 'Nicht aufgegeben.', 'The board could not be read: {reason}': 'Das Brett konnte nicht gelesen werden: {reason}',
    'Game over: {result}': 'Partie beendet: {result}', 'You play White': 'Sie spielen Weiß', 'You play Black': 'Sie spielen Schwarz',
    'Watching': 'Zuschauen', 'Edge of the board.': 'Rand des Bretts.', 'No such game': 'Keine solche Partie',
    'This game could not be found: {reason}': 'Diese Partie wurde nicht gefunden: {reason}',
    '{white} (White) against {black} (Black)': '{white} (Weiß) gegen {black} (Schwarz)', ', time control {tc}': ', Bedenkzeit {tc}', 'FIDE Laws of Chess, {year} edition': 'FIDE-Schachregeln, Fassung {year}',
    'Picked {name}. Move to the target square and press Enter; Escape cancels.': 'Genommen: {name}. Zum Zielfeld gehen und Eingabe drücken; Escape bricht ab.',
    'Put back.': 'Zurückgestellt.', ', picked': ', genommen', 'No {letter} on the board.': 'Kein {letter} auf dem Brett.',
    'arbiter hall: arbiter console': 'arbiter-Saal: Schiedsrichterpult', 'Arbiter console': 'Schiedsrichterpult', 'The game': 'Die Partie',
    'State of the game': 'Stand der Partie', 'Result': 'Ergebnis', 'Half-moves': 'Halbzüge', 'Clocks': 'Uhren',
    'Touch-move obligation': 'Pflicht nach „berührt – geführt“', 'Touch-move claims': 'Reklamationen „berührt – geführt“',
    'Touch-move': 'Berührt – geführt', 'A piece touched with intent (4.3)': 'Figur absichtlich berührt (4.3)',
    "A piece adjusted after saying j'adoube (4.2)": 'Figur nach „j\'adoube“ zurechtgerückt (4.2)',
    'A touch-move claim (4.8)': 'Reklamation „berührt – geführt“ (4.8)', 'By': 'Von', 'Square': 'Feld',
    'Man of a Tavreli tower, from the top': 'Figur eines Tavreli-Turms, von oben gezählt', 'Record': 'Eintragen',
    'Over the board only: online the server is the board. The Laws rule on a claim at once.': 'Nur am Brett: online ist der Server das Brett. Die Regeln entscheiden eine Reklamation sofort.',
    'upheld': 'berechtigt', 'rejected': 'abgelehnt',
    "Touch-move: the opponent's last move broke it (over the board)": 'Berührt – geführt: der letzte Zug des Gegners verstieß dagegen (am Brett)',
    'Claim awaiting your ruling': 'Anspruch wartet auf Ihre Entscheidung', '{side} asks for five seconds a move for both': '{side} beantragt fünf Sekunden pro Zug für beide',
    '{side} claims a draw in the quickplay finish': '{side} beansprucht Remis in der Endspurtphase',
    'Draw offer': 'Remisangebot', 'Illegal moves': 'Regelwidrige Züge', 'Penalties': 'Strafen', 'Last moves': 'Letzte Züge',
    'Pause the clocks': 'Uhren anhalten', 'Resume the clocks': 'Uhren weiterlaufen lassen', 'Action': 'Aktion', 'Warning': 'Verwarnung',
    'Add time': 'Zeit gutschreiben', 'Deduct time': 'Zeit abziehen', 'Increase points': 'Punkte erhöhen', 'Reduce points': 'Punkte abziehen',
    'Declare the game lost': 'Partie für verloren erklären', 'Illegal move seen': 'Regelwidriger Zug gesehen',
    'Two hands used': 'Mit zwei Händen gezogen', 'Declare a result': 'Ergebnis festlegen',
    'Quickplay claim: accept': 'Anspruch in der Endspurtphase: annehmen', 'Quickplay claim: postpone': 'Anspruch in der Endspurtphase: zurückstellen',
    'Quickplay claim: reject': 'Anspruch in der Endspurtphase: ablehnen', 'Quickplay claim: give increment': 'Anspruch in der Endspurtphase: Zeitzuschlag geben',
    'Concerning': 'Betrifft', 'Neither': 'Keinen', 'Seconds': 'Sekunden', 'None': 'Keins', 'Reason': 'Grund', 'Apply': 'Anwenden',
    'Events': 'Ereignisse', 'in progress': 'läuft', 'no clock': 'ohne Uhr', 'open, by {side}': 'offen, von {side}', 'none': 'keine',
    'Done: {what}.': 'Erledigt: {what}.', 'This console needs the arbiter token in its link.': 'Dieses Pult braucht das Schiedsrichter-Token im Link.',
    '{white} against {black}.': '{white} gegen {black}.',
    'arbiter hall: game archive': 'arbiter-Saal: Partiearchiv', 'Game archive': 'Partiearchiv', 'Audit verdict': 'Prüfergebnis',
    'Downloads': 'Downloads', 'Download PGN': 'PGN herunterladen', 'Download braille score (BRF)': 'Partieformular in Braille herunterladen (BRF)',
    'Download the event log': 'Ereignisprotokoll herunterladen', 'Score in national letters': 'Partieformular mit Landesbuchstaben', 'Letters': 'Buchstaben',
    'English': 'Englisch', 'Russian': 'Russisch', 'German': 'Deutsch', 'French': 'Französisch', 'Spanish': 'Spanisch',
    'Italian': 'Italienisch', 'Dutch': 'Niederländisch', 'Polish': 'Polnisch', 'Score in braille': 'Partieformular in Braille',
    'The record could not be read: {reason}': 'Das Formular konnte nicht gelesen werden: {reason}', 'No such game.': 'Keine solche Partie.',
  },
};

// The time control read back in words, with each language's plural forms.
const HallTimeWords = {
  en(min, inc, none, delay) {
    if (none) return 'No clock: the game is played without time limits.';
    if (!min && !inc) return 'No clock: zero minutes and no increment.';
    const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
    const base = min >= 60 && min % 60 === 0 ? n(min / 60, 'hour', 'hours') : n(min, 'minute', 'minutes');
    if (inc && delay) return `${base} for the game, with a delay of ${n(inc, 'second', 'seconds')} each move: the clock waits that long before it runs.`;
    return inc ? `${base} for the game, plus ${n(inc, 'second', 'seconds')} added for each move, from move one.` : `${base} for the game, no increment.`;
  },
  ru(min, inc, none, delay) {
    if (none) return 'Без часов: партия играется без ограничения времени.';
    if (!min && !inc) return 'Без часов: ноль минут и без добавления.';
    const n = (k, one, few, many) => {
      const m10 = k % 10, m100 = k % 100;
      return `${k} ${m10 === 1 && m100 !== 11 ? one : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14) ? few : many}`;
    };
    const base = min >= 60 && min % 60 === 0 ? n(min / 60, 'час', 'часа', 'часов') : n(min, 'минута', 'минуты', 'минут');
    if (inc && delay) return `${base} на партию, с задержкой ${n(inc, 'секунда', 'секунды', 'секунд')} на каждый ход: часы ждут столько, прежде чем пойти.`;
    return inc ? `${base} на партию и ${n(inc, 'секунда', 'секунды', 'секунд')} добавления за каждый ход, с первого хода.` : `${base} на партию, без добавления.`;
  },
  de(min, inc, none, delay) {
    if (none) return 'Ohne Uhr: die Partie wird ohne Zeitbegrenzung gespielt.';
    if (!min && !inc) return 'Ohne Uhr: null Minuten und kein Zuschlag.';
    const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
    const base = min >= 60 && min % 60 === 0 ? n(min / 60, 'Stunde', 'Stunden') : n(min, 'Minute', 'Minuten');
    if (inc && delay) return `${base} für die Partie, mit ${n(inc, 'Sekunde', 'Sekunden')} Verzögerung je Zug: die Uhr wartet so lange, bevor sie läuft.`;
    return inc ? `${base} für die Partie, dazu ${n(inc, 'Sekunde', 'Sekunden')} Zuschlag für jeden Zug, ab dem ersten Zug.` : `${base} für die Partie, ohne Zuschlag.`;
  },
};
